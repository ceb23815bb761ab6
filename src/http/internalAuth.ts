/**
 * Who may call the internal endpoints (the site's content import purge and CMS webhook, the
 * provider's takedowns relayed by the site): a caller on the private network that sends the shared secret as
 * `Authorization: Bearer <secret>`. A request that carries X-Forwarded-For came through a
 * public proxy, so it is refused whatever it sends.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type InternalRefusal = 'proxied' | 'wrong secret';

/** Why a request to an internal endpoint is refused, or null when it may go on. */
export function internalRefusal(headers: IncomingHttpHeaders, secret: string): InternalRefusal | null {
  if (headers['x-forwarded-for'] !== undefined) return 'proxied';
  const given = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1] ?? '';
  return sameSecret(given, secret) ? null : 'wrong secret';
}

/** Compared as digests, so that neither the comparison nor the length of the secret shows in the time taken. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(secret));
}
