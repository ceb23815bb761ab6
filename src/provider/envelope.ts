/** Builds the provider's {code, msg, data} answers. */
import type { FastifyReply } from 'fastify';
import type { Envelope } from '../contracts/envelope';
import { ENVELOPE_CODE } from '../contracts/envelope';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: ENVELOPE_CODE.ok, msg, data });

export function fail(reply: FastifyReply, msg: string, status = 200): Envelope<null> {
  reply.code(status);
  return { code: ENVELOPE_CODE.error, msg, data: null };
}
