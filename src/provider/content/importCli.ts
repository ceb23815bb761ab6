/**
 * `npm run content:import -- [--data-dir data] [--pack config/content] [--site-url http://127.0.0.1:3000]`:
 * validates the pack, then replaces the content of the existing database in one transaction,
 * reports the differences and tells the running site to drop its cached pages. A bad pack
 * changes nothing (exit code 1, every problem listed); the site starts as before, since a
 * seeded database never reads the pack again.
 *
 * With DATABASE_URL (PostgreSQL, the hosts of one site), the pack is first stored there as the
 * newest of every host (sharedPack.ts): each host imports it within FOLLOW_MS and drops its own
 * pages, a host started later included. The local database, when there is one, is imported at
 * once as well, for the report; when that fails, the message says the pack went out all the same.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../sqliteDatabase';
import { hostname } from 'node:os';
import { ContentPackError, DEFAULT_PACK_DIR, packOf, readPackFiles, type PackFiles } from './loadPack';
import { FOLLOW_MS, PACK_CONNECT_MS, publishPack } from './sharedPack';
import { boundedPool } from '../submissions/postgresStore';
import { postgresUrlFrom } from '../submissions/store';
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
  const shared = postgresUrlFrom(process.env.DATABASE_URL);
  if (!shared && !existsSync(file)) {
    console.error(`No database at ${file}. Check --data-dir (the site's DATA_DIR), or start the site once to create it.`);
    return 1;
  }
  const problems: string[] = [];
  const files = readPackFiles(values.pack, problems);
  let pack;
  try {
    pack = packOf(files, (name) => join(values.pack, `${name}.yaml`), problems);
  } catch (error) {
    if (!(error instanceof ContentPackError)) throw error;
    console.error(`${error.message}\nNothing was imported.`);
    return 1;
  }
  let published: string | undefined;
  if (shared) {
    const { id, digest } = await publishShared(shared, files);
    published = `content pack ${digest} (${id})`;
    console.log(`Stored ${values.pack} in the shared database as ${published}: every host imports it within ${FOLLOW_MS / 1000} s.`);
    if (!existsSync(file)) return 0;
  }
  try {
    const db = await openDatabase(dataDir, pack);
    try {
      const report = importPack(db, pack);
      console.log(`Imported ${values.pack} into ${file}:\n${formatReport(report)}\nSubmissions were not touched.`);
    } finally {
      db.close();
    }
  } catch (error) {
    // The transaction rolled back: the local database is as it was.
    const failed = `The import into ${file} failed and was rolled back (${(error as Error).message}).`;
    console.error(
      published
        ? `${failed}\nThe pack is stored in the shared database all the same, as ${published}: every host's provider, this one's included while it runs, imports it within ${FOLLOW_MS / 1000} s. To undo it, import the previous pack.`
        : `${failed}\nNothing was imported.`,
    );
    return 1;
  }
  console.log(await requestCachePurge(values['site-url'], cachePurgeSecret(dataDir, process.env, false)));
  return 0;
}

async function publishShared(url: string, files: PackFiles) {
  const pool = boundedPool(url, { max: 1, connectionTimeoutMillis: PACK_CONNECT_MS });
  try {
    return await publishPack(pool, files, `${process.env.USER ?? 'someone'}@${hostname()}`);
  } finally {
    await pool.end();
  }
}

main().then((code) => (process.exitCode = code));
