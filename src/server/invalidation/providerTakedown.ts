/**
 * Tells the provider an entry was taken down in the CMS, so the answers it keeps for Strapi's
 * outages no longer hold it (src/provider/takedownRoute.ts). Awaited before the pages that showed
 * the entry are rendered again; a provider that does not answer in time is logged and the pages
 * go on: their new render asks Strapi, which no longer has the entry.
 */
import { TAKEDOWN_PATH } from '../../http/internalPaths';
import type { CmsChange } from '../render/cmsAffectedPages';

const TIMEOUT_MS = 2000;

export function providerTakedown(providerUrl: string, secret: string, warn: (message: string) => void) {
  return async ({ documentId, locale = null }: CmsChange): Promise<void> => {
    if (!documentId) return;
    try {
      const answer = await fetch(new URL(TAKEDOWN_PATH, providerUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ documentId, locale }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await answer.body?.cancel();
      // 404: the provider reads the content pack, which keeps no answers (or is older than this site).
      if (!answer.ok && answer.status !== 404) warn(`The provider refused the takedown of ${documentId} (${answer.status})`);
    } catch (error) {
      warn(`The provider could not be told of the takedown of ${documentId}: ${(error as Error).message}`);
    }
  };
}
