/** Pages name the version of each of the site's own pictures (../pictureVersions.ts). */
import { MEDIA_PREFIX } from '../../contracts/endpoints';
import type { Api } from '../../api/api';
import { versionedUrl, type PictureVersions } from '../pictureVersions';

const isOwnPicture = (value: string) => value.startsWith(MEDIA_PREFIX) && !/[?#\s"<>]/.test(value);

/**
 * The provider calls as a render makes them, with every picture of the site's own media (a
 * normalised media field is a bare `/uploads/…` path) naming its version. Rich text is left as
 * it is: its pictures are inside markup, and keep their plain URLs.
 */
export function withPictureVersions(api: Api, versions: PictureVersions): Api {
  const wrapped: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      const answer = await call(...args);
      const paths = new Set<string>();
      collect(answer, paths);
      if (paths.size === 0) return answer;
      // Asked afresh: a render follows a change (the CMS webhook drops the pages), and a page is
      // kept far longer than the second a token is believed for a copy.
      const found = new Map(await Promise.all([...paths].map(async (path) => [path, await versions.current(path, 0)] as const)));
      return replace(answer, (path) => {
        const token = found.get(path);
        return token ? versionedUrl(path, token) : path;
      });
    };
  }
  return wrapped as unknown as Api;
}

function collect(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    if (isOwnPicture(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) collect(item, into);
  }
}

function replace(value: unknown, url: (path: string) => string): unknown {
  if (typeof value === 'string') return isOwnPicture(value) ? url(value) : value;
  if (Array.isArray(value)) return value.map((item) => replace(item, url));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replace(item, url)]));
  return value;
}
