/**
 * The internal endpoints one server calls on the other, guarded by internalAuth.ts: the content
 * import asks the site to drop its cached pages (siteCache.ts), and the site relays to the
 * provider an entry an editor took down in the CMS (src/provider/takedownRoute.ts).
 */
export const CACHE_PURGE_PATH = '/_internal/cache/purge';
export const TAKEDOWN_PATH = '/_internal/cms/takedown';
