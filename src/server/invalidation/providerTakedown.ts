/**
 * Tells the provider an entry was taken down in the CMS, so the answers it keeps for Strapi's
 * outages no longer hold it (src/provider/takedownRoute.ts). Awaited before the pages that showed
 * the entry are rendered again, for one try: their new render asks Strapi, which no longer has the
 * entry, so a provider that does not answer in time holds no page back. Strapi sends its webhook
 * once, so a try that fails (no answer, a 5xx) is tried again in the background, a few times with
 * growing pauses, each failure logged; past those the provider's own round of asking Strapi again
 * (src/provider/strapi/recheckSchedule.ts) takes the entry out within minutes.
 */
import { TAKEDOWN_PATH } from '../../http/internalPaths';
import type { CmsChange } from '../render/cmsAffectedPages';

const TIMEOUT_MS = 2000;
/** The pauses before each further try: about half a minute in all, a provider's restart. */
export const RETRY_PAUSES_MS = [1000, 2000, 4000, 8000, 16_000];

export function providerTakedown(providerUrl: string, secret: string, warn: (message: string) => void, pausesMs: readonly number[] = RETRY_PAUSES_MS) {
  /** Whether the provider took it (or keeps no answers); a refusal is final, a failure worth another try. */
  async function tell(documentId: string, locale: string | null): Promise<'done' | 'failed'> {
    try {
      const answer = await fetch(new URL(TAKEDOWN_PATH, providerUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ documentId, locale }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.status >= 500) {
        warn(`The provider failed the takedown of ${documentId} (${answer.status})`);
        return 'failed';
      }
      // 404: the provider reads the content pack, which keeps no answers (or is older than this site).
      if (!answer.ok && answer.status !== 404) warn(`The provider refused the takedown of ${documentId} (${answer.status})`);
      return 'done';
    } catch (error) {
      warn(`The provider could not be told of the takedown of ${documentId}: ${(error as Error).message}`);
      return 'failed';
    }
  }

  async function tryAgain(documentId: string, locale: string | null): Promise<void> {
    for (const pause of pausesMs) {
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      if ((await tell(documentId, locale)) === 'done') return;
    }
    warn(`The provider was not told of the takedown of ${documentId} after ${pausesMs.length + 1} tries: its next round of asking Strapi takes it out`);
  }

  /** Settles after the first try; `retried` settles once the tries in the background are over (tests). */
  return async ({ documentId, locale = null }: CmsChange): Promise<{ retried: Promise<void> }> => {
    if (!documentId || (await tell(documentId, locale)) === 'done') return { retried: Promise.resolve() };
    return { retried: tryAgain(documentId, locale) };
  };
}
