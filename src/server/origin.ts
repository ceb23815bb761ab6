import type { FastifyRequest } from 'fastify';

/** The origin absolute URLs start with: PUBLIC_URL when set, else the request's own. */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  return `${request.protocol}://${request.host}`;
}
