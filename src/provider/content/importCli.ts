/**
 * `npm run content:import -- [--data-dir data] [--pack config/content] [--site-url http://127.0.0.1:3000]`:
 * validates the pack, then replaces the content of the existing database in one transaction,
 * reports the differences and tells the running site to drop its cached pages. A bad pack
 * changes nothing (exit code 1, every problem listed); the site starts as before, since a
 * seeded database never reads the pack again.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from './database';
import { ContentPackError, DEFAULT_PACK_DIR, loadContentPack } from './loadPack';
import { formatReport, importPack } from './importPack';
import { cachePurgeSecret, requestCachePurge } from '../../http/siteCache';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? 'data' },
      pack: { type: 'string', default: DEFAULT_PACK_DIR },
      'site-url': { type: 'string', default: process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT || 3000}` },
    },
  });
  const dataDir = values['data-dir'];
  const file = join(dataDir, 'provider.sqlite');
  if (!existsSync(file)) {
    console.error(`No database at ${file}. Check --data-dir (the site's DATA_DIR), or start the site once to create it.`);
    return 1;
  }
  let pack;
  try {
    pack = loadContentPack(values.pack);
  } catch (error) {
    if (!(error instanceof ContentPackError)) throw error;
    console.error(`${error.message}\nNothing was imported.`);
    return 1;
  }
  const db = await openDatabase(dataDir, pack);
  try {
    const report = importPack(db, pack);
    console.log(`Imported ${values.pack} into ${file}:\n${formatReport(report)}\nSubmissions were not touched.`);
  } catch (error) {
    // The transaction rolled back: the database is as it was.
    console.error(`The import failed and was rolled back (${(error as Error).message}).\nNothing was imported.`);
    return 1;
  } finally {
    db.close();
  }
  console.log(await requestCachePurge(values['site-url'], cachePurgeSecret(dataDir, process.env, false)));
  return 0;
}

main().then((code) => (process.exitCode = code));
