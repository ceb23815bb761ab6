/** The provider's response envelope (SPEC §7, §8). Every provider answer has this shape. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Envelope codes with a meaning of their own (SPEC §8). */
export const ENVELOPE_CODE = {
  ok: 0,
  error: 1,
  tokenMissing: 402,
  loginExpired: 403,
} as const;
