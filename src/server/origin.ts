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
  if (hosts.length === 0) return (request) => `${request.protocol}://${request.host}`;
  return (request) => {
    const asked = request.host.toLowerCase();
    return `${request.protocol}://${hosts.includes(asked) ? asked : hosts[0]}`;
  };
}
