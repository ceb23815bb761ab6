/**
 * TRUST_PROXY: which proxies' X-Forwarded-For is believed. Unset or "false" trusts none
 * (so a forged header changes nothing); a number is a hop count; otherwise a comma list of
 * addresses or CIDRs.
 */
export type TrustProxy = boolean | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim();
  if (!text || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}
