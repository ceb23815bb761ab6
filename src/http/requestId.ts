/**
 * The request id both services log under (Fastify's genReqId): the site makes it (or takes a
 * trusted proxy's) and passes it on in `x-request-id`; the provider takes it from its loopback
 * hop. Here, not in the provider's logging, so the site server need not import that.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { REQUEST_ID_HEADER } from '../contracts/constants';

/** Ids from upstream are taken only when they look like ids: a header cannot write a log line. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

export type PeerCheck = (address: string) => boolean;

export function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** Fastify's genReqId: the id a trusted hop sent, else a new one. */
export function requestIdFrom(trusted: PeerCheck) {
  return (req: IncomingMessage): string => {
    const given = req.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && REQUEST_ID.test(given) && trusted(req.socket.remoteAddress ?? '') ? given : randomUUID();
  };
}
