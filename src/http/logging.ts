/**
 * The JSON logs of the site and the provider (Fastify's pino, one line per event on stdout).
 * A request carries one id across both: the site makes it (or takes a trusted proxy's) and
 * passes it on in `x-request-id`. Logs name what happened, never who: no addresses, query
 * strings, bodies, cookies or tokens. The id itself: requestId.ts.
 */
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
