/**
 * TRUST_PROXY: which proxies' X-Forwarded-For is believed. Unset or "false" trusts none (so a
 * forged header changes nothing). A comma list of addresses or CIDRs (or `loopback`) names the
 * proxies: the way to prefer. A number is a hop count: that many hops in front of the server are
 * believed whoever they are, which is right only when nothing can reach the port but through
 * them. "true" is refused: it believes every X-Forwarded-For, so any visitor picks their own
 * address (and with it a fresh form rate limit).
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For, so every visitor could pick their own address: name the proxy (TRUST_PROXY=127.0.0.1, a comma list of addresses or CIDRs) or, when the port is reachable only through them, the number of proxies in front (TRUST_PROXY=1)',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}
