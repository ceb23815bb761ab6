/**
 * Whom a per-visitor limit counts (the form rate limit here, the site's own budgets): an IPv4
 * visitor by address; an IPv6 visitor by their /64, since one subscriber (a home, a phone) is
 * given a whole /64 and could walk round a per-address limit; an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d) as the IPv4 address it is. The rate-limit plugin's own normaliser, so every
 * limit reads an address the same way.
 */
import { normalizeIP } from '@fastify/rate-limit';

export const VISITOR_IPV6_PREFIX = 64;

export function visitorKey(ip: string): string {
  return normalizeIP(ip, VISITOR_IPV6_PREFIX);
}
