/**
 * The JSON logs of the site and the provider (Fastify's pino, one line per event on stdout).
 * A request carries one id across both: the site makes it (or takes a trusted proxy's) and
 * passes it on in `x-request-id`. Logs name what happened, never who: no addresses, query
 * strings, bodies, cookies or tokens.
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

interface LoggedRequest {
  method: string;
  url: string;
}

/** Fastify `logger` options for one service; LOG_LEVEL (default info) sets the level. */
export function logOptions(service: 'site' | 'provider', level = process.env.LOG_LEVEL || 'info') {
  return {
    level,
    base: { service },
    serializers: {
      // The path only: a query may carry a search, the remote address is personal data.
      req: (req: LoggedRequest) => ({ method: req.method, path: req.url.split('?')[0] }),
    },
    redact: { paths: ['req.headers', 'headers', 'body', 'cookie', 'token'], remove: true },
  };
}
