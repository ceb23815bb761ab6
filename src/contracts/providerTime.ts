/**
 * The provider writes times as "YYYY-MM-DD HH:mm:ss" in China Standard Time without a zone.
 * Sitemaps and structured data need ISO 8601 with the offset spelled out.
 */
const PROVIDER_TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/;
export const PROVIDER_UTC_OFFSET = '+08:00';

/** "2026-10-20 09:00:00" → "2026-10-20T09:00:00+08:00"; anything unreadable → null. */
export function providerTimeToIso(time: string | null | undefined): string | null {
  const match = PROVIDER_TIME.exec((time ?? '').trim());
  if (!match) return null;
  const [, date, clock = '00:00:00'] = match;
  const iso = `${date}T${clock.length === 5 ? `${clock}:00` : clock}${PROVIDER_UTC_OFFSET}`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}
