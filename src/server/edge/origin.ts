import type { FastifyRequest } from 'fastify';

export interface OriginOptions {
  /** PUBLIC_URL: when set, the only origin. */
  publicUrl?: string | null;
  /** ALLOWED_HOSTS: the hosts (with port when not the default) absolute URLs may name; the first is the fallback. */
  allowedHosts?: readonly string[] | null;
}

export type OriginOf = (request: FastifyRequest) => string;

/**
 * The origin absolute URLs (canonical, previews, sitemap, robots.txt) start with: PUBLIC_URL
 * when set; else the request's host if it is an allowed one, else the first allowed host. A
 * visitor's Host or X-Forwarded-Host never names another site in a page a cache keeps. Without
 * a list (tests, embedding) the request's own host is taken as it comes.
 */
export function createOriginResolver({ publicUrl, allowedHosts }: OriginOptions): OriginOf {
  if (publicUrl) return () => publicUrl;
  const hosts = (allowedHosts ?? []).map((host) => host.trim().toLowerCase()).filter(Boolean);
  if (hosts.length === 0) return (request) => `${schemeOf(request)}://${request.host}`;
  return (request) => {
    const asked = request.host.toLowerCase();
    return `${schemeOf(request)}://${hosts.includes(asked) ? asked : hosts[0]}`;
  };
}

/**
 * The request's scheme: a trusted proxy's X-Forwarded-Proto (Fastify's request.protocol) only
 * when it is exactly `http` or `https`, else the connection's own. Any other word would make a
 * cache key of its own and an origin such as `javascript://` in the page.
 */
export function schemeOf(request: FastifyRequest): 'http' | 'https' {
  const said = request.protocol;
  if (said === 'http' || said === 'https') return said;
  return (request.socket as { encrypted?: boolean } | undefined)?.encrypted ? 'https' : 'http';
}

/**
 * Whether an unsafe request (a POST) comes from another site's page, by what the browser says:
 * `Sec-Fetch-Site: cross-site`, or (without a verdict from that header, `same-site` included)
 * an `Origin` other than the site's own. Requests no browser sent, with neither header (curl,
 * another server), are not from a page at all and pass.
 */
export function isFromElsewhere(request: FastifyRequest, originOf: OriginOf): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== originOf(request);
}
