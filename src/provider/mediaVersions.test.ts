/**
 * Every host names the same version of the same picture: the provider's ETag (and so the `?v=`
 * token the site puts in a page) comes from the file's bytes, not from its time on that host's disk.
 */
import { cpSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProviderApp } from './app';
import { loadContentPack } from './content/loadPack';
import { openDatabase } from './sqliteDatabase';
import { versionOf } from '../http/mediaCaching';
import { SEED_MEDIA_DIR } from './startProvider';
import { tempDataDir } from './provider.testing';

/** One host: its own data folder and its own copy of the media, written at `time`. */
async function host(time: Date) {
  const data = tempDataDir();
  const media = join(data.dir, 'uploads');
  cpSync(SEED_MEDIA_DIR, media, { recursive: true });
  for (const entry of readdirSync(media, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), time, time);
  const db = await openDatabase(data.dir, loadContentPack());
  const app = await createProviderApp({ db, mediaDir: media, retention: false });
  return {
    media,
    head: async (path: string) => new Headers((await app.inject({ method: 'HEAD', url: `/uploads/${path}` })).headers as Record<string, string>),
    async close() {
      await app.close();
      db.close();
      data.remove();
    },
  };
}

it('gives one file the same ETag and picture version on hosts whose copies differ in time, and another for other bytes', async () => {
  const [a, b] = [await host(new Date('2026-01-01T00:00:00Z')), await host(new Date('2026-06-01T12:34:56Z'))];
  try {
    const picture = readdirSync(join(a.media, 'about'))[0]!;
    const [onA, onB] = [await a.head(`about/${picture}`), await b.head(`about/${picture}`)];
    expect(onA.get('last-modified')).not.toBe(onB.get('last-modified'));
    expect(onA.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(onB.get('etag')).toBe(onA.get('etag'));
    expect(versionOf(onB)).toBe(versionOf(onA));
    writeFileSync(join(b.media, 'about', picture), 'other bytes under the same name');
    expect((await b.head(`about/${picture}`)).get('etag')).not.toBe(onA.get('etag'));
  } finally {
    await a.close();
    await b.close();
  }
});
