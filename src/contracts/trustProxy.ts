/**
 * TRUST_PROXY: which proxies' X-Forwarded-For is believed. Unset or "false" trusts none (so a
 * forged header changes nothing). A comma list of addresses or CIDRs (or `loopback`) names the
 * proxies: the only way. A number (a hop count) is refused: since 5.12.1 (GHSA-3m5p-2c4r-xxw2)
 * Fastify trusts no hop for it, so every visitor would arrive as the proxy's address and share
 * one rate limit. "true" is refused too: it believes every X-Forwarded-For, so any visitor picks
 * their own address (and with it a fresh form rate limit). An entry that is no address is
 * refused at start by Fastify itself (proxy-addr: "invalid IP address").
 */
export type TrustProxy = false | string[];

const NAME_IT = 'name the proxy by address or CIDR (TRUST_PROXY=127.0.0.1, or a comma list such as 10.0.0.5,10.1.0.0/16)';

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') throw new Error(`TRUST_PROXY=true would believe any X-Forwarded-For, so every visitor could pick their own address: ${NAME_IT}`);
  const entries = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.some((entry) => /^\d+$/.test(entry))) {
    throw new Error(
      `TRUST_PROXY=${text} is a hop count, which is not supported: it names no proxy, and Fastify trusts no hop for it, so every visitor would arrive as the proxy's address: ${NAME_IT}`,
    );
  }
  return entries;
}
