/**
 * The media library's alternative texts of the pictures an answer's rich text shows, asked of the
 * CMS's `GET /api/picture-texts?url=…` (cms/src/api/picture-text): the site's token may ask that,
 * not list the library. One call per Strapi answer whose rich text is shown (per MAX_URLS_PER_CALL
 * pictures; a list asks none: documents.ts), through the client like content: kept for outages, behind the same breaker. A failed call costs the
 * library's texts only: the pictures keep the alt the editor wrote, and the page is served.
 */
import type { StrapiClient } from './client';
import type { LibraryTexts } from './fields';

export const PICTURE_TEXTS_PATH = 'picture-texts';
/** What the CMS answers at most in one call. */
export const MAX_URLS_PER_CALL = 50;

const NONE: LibraryTexts = new Map();

/** Told once in a while whatever the answer and error: their addresses differ, the editor's remedy does not. */
const NOT_READ = "Strapi: the media library's texts of pictures in rich text could not be read: they keep the alt the editor wrote";

export function createPictureTexts(client: Pick<StrapiClient, 'get'>, notice: (message: string, detail?: string) => void = () => {}) {
  /** The texts of `urls` (`/uploads/a.jpg`), by URL; a file without one, or unknown, is absent. `pin` as the answer's. */
  return async function libraryTexts(urls: readonly string[], pin: boolean): Promise<LibraryTexts> {
    if (urls.length === 0) return NONE;
    // Sorted: the same pictures make the same address, kept once.
    const sorted = [...new Set(urls)].sort();
    const batches = Array.from({ length: Math.ceil(sorted.length / MAX_URLS_PER_CALL) }, (_, i) =>
      sorted.slice(i * MAX_URLS_PER_CALL, (i + 1) * MAX_URLS_PER_CALL),
    );
    const answers = await Promise.allSettled(batches.map((url) => client.get(PICTURE_TEXTS_PATH, { url }, { pin })));
    const texts = new Map<string, string>();
    for (const answer of answers) {
      if (answer.status === 'rejected') {
        notice(NOT_READ, String(answer.reason));
        continue;
      }
      const data = answer.value?.data;
      if (!data || typeof data !== 'object' || Array.isArray(data)) continue;
      for (const [url, text] of Object.entries(data)) if (typeof text === 'string' && text.trim() !== '') texts.set(url, text.trim());
    }
    return texts;
  };
}
