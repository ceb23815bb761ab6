/** The provider's response envelope {code, msg, data}. Every provider answer has this shape. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Envelope codes with a meaning of their own: 0 success, 1 error (msg toasted), 402 token missing, 403 login expired. */
export const ENVELOPE_CODE = {
  ok: 0,
  error: 1,
  tokenMissing: 402,
  loginExpired: 403,
} as const;
