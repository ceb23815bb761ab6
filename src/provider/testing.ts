/** Test helpers: a provider app over a fresh database in a temp directory. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPack } from '../../config/seed/pack';
import { openDatabase } from './database';
import { createProviderApp } from './app';
import { SEED_MEDIA_DIR } from './startProvider';
import type { TrustProxy } from '../contracts/trustProxy';

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'provider-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function providerWithFreshDatabase(trustProxy: TrustProxy = false) {
  const data = tempDataDir();
  const db = openDatabase(data.dir, seedPack);
  const app = await createProviderApp({ db, mediaDir: SEED_MEDIA_DIR, trustProxy });
  return {
    app,
    db,
    dataDir: data.dir,
    async close() {
      await app.close();
      db.close();
      data.remove();
    },
  };
}
