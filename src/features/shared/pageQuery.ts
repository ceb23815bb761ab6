/** A page number of the URL (?page=): a whole number from 1, else 1. */
export const pageOfQuery = (value: string | undefined): number => (value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1);
