/**
 * What a CMS event does to what visitors see, so that only public changes reach the caches.
 * Every content type in the CMS has drafts (draftAndPublish): saving one (entry.create,
 * entry.update, a draft discarded) changes nothing published; what is published changes with a
 * publish, and is taken down with an unpublish or a delete of its published version (a delete of a
 * never-published draft, or of a published entry's draft beside it, takes nothing down). A new upload shows nowhere until an
 * entry names it and is published; a media edit shows at once only when its file was replaced
 * or deleted (a changed name or folder leaves every page as it was; a changed alternative text,
 * the pictures' alt, shows as pages are rendered again, not worth rendering every page for).
 */
import type { CmsChange } from '../render/cmsAffectedPages';

/**
 * 'none': nothing public changed. 'shown': the pages showing it are rendered again.
 * 'takedown': an entry left the public site; nothing may keep a copy of it.
 * 'file': a file was replaced or deleted; the copies made of it go, its pages are rendered again.
 * 'file?': a media edit, which is 'file' if the file's bytes changed and 'none' otherwise.
 */
export type PublicEffect = 'none' | 'shown' | 'takedown' | 'file' | 'file?';

/** The events a media edit is known by once its kind is settled, as a peer is told of it. */
export const MEDIA_REPLACED = 'media.replace';
export const MEDIA_EDITED = 'media.edit';

const EFFECTS: Record<string, PublicEffect> = {
  'entry.create': 'none',
  'entry.update': 'none',
  'entry.draft-discard': 'none',
  'entry.publish': 'shown',
  'entry.unpublish': 'takedown',
  'entry.delete': 'takedown',
  'media.create': 'none',
  'media.update': 'file?',
  [MEDIA_REPLACED]: 'file',
  [MEDIA_EDITED]: 'none',
  'media.delete': 'file',
};

/** An event not listed (a newer Strapi's) is taken as a change to every page: safe, if costly. */
export function publicEffect({ event, draft = false }: CmsChange): PublicEffect {
  if (event === 'entry.delete' && draft) return 'none';
  return EFFECTS[event] ?? 'shown';
}
