/**
 * One content pack for every host (sharedPack.ts), against a real PostgreSQL: a pack stored in
 * the shared database reaches each running provider's own copy, the privacy notice's version
 * with it, and each tells its site; a provider started later serves it from its first answer;
 * a pack this release cannot read is passed over for the newest one it can read.
 */
import { spawnSync } from 'node:child_process';
import type pg from 'pg';
import { ENDPOINT } from '../../contracts/endpoints';
import { startProvider, type RunningProvider } from '../startProvider';
import { tempDataDir } from '../provider.testing';
import { boundedPool } from '../submissions/postgresStore';
import { postgresPerFile } from '../submissions/postgres.testing';
import { DEFAULT_PACK_DIR, loadContentPack, readPackFiles, type PackFiles } from './loadPack';
import { followSharedPack, publishPack } from './sharedPack';
import { openDatabase, type ProviderDatabase } from '../sqliteDatabase';
import { migratePostgres } from '../schema';

jest.setTimeout(60_000);

const postgres = postgresPerFile();
const FOLLOW_MS = 100;
const running: { provider: RunningProvider; remove(): void }[] = [];
let pool: ReturnType<typeof boundedPool>;

afterAll(async () => {
  for (const { provider, remove } of running) {
    await provider.close();
    remove();
  }
  await pool?.end();
});

async function host(onContentImported = () => {}): Promise<RunningProvider> {
  const data = tempDataDir();
  const provider = await startProvider({
    port: 0,
    dataDir: data.dir,
    databaseUrl: await postgres.url(),
    retention: false,
    logger: false,
    onContentImported,
    followPackMs: FOLLOW_MS,
  });
  running.push({ provider, remove: data.remove });
  return provider;
}

/** The shipped pack with the first news story retitled and the privacy notice at `version`. */
function changedPack(title: string, version: string): PackFiles {
  const files = readPackFiles(DEFAULT_PACK_DIR) as { news: { news: { zh: { title: string } }[] }; privacy: { privacyNotice: { version: string } } };
  files.news.news[0]!.zh.title = title;
  files.privacy.privacyNotice.version = version;
  return files as PackFiles;
}

async function shown(provider: RunningProvider): Promise<{ title: string; version: string }> {
  const get = async (path: string) => ((await (await fetch(`${provider.url}${path}`)).json()) as { data: Record<string, unknown> }).data;
  const news = (await get(`${ENDPOINT.newsDetail}?id=1&lan=zh`)) as { title: string };
  const notice = (await get(`${ENDPOINT.privacyNotice}?lan=zh`)) as { version: string };
  return { title: news.title, version: notice.version };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

it('reaches every running host with its privacy notice version, tells each site, and a host started later serves it at once', async () => {
  pool = boundedPool(await postgres.url(), { max: 1 });
  const told = { a: 0, b: 0 };
  const hosts = [await host(() => (told.a += 1)), await host(() => (told.b += 1))];
  const before = await shown(hosts[0]!);
  expect(await shown(hosts[1]!)).toEqual(before);

  await publishPack(pool, changedPack('共享的新标题', '2026-12'), 'test');
  for (const provider of hosts)
    expect(
      await until(
        () => shown(provider),
        (now) => now.title === '共享的新标题',
      ),
    ).toEqual({ title: '共享的新标题', version: '2026-12' });
  await until(
    async () => told,
    ({ a, b }) => a === 1 && b === 1,
  );
  expect(told).toEqual({ a: 1, b: 1 });

  // The same files again change nothing: no site is told.
  await publishPack(pool, changedPack('共享的新标题', '2026-12'), 'test');
  await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS * 5));
  expect(told).toEqual({ a: 1, b: 1 });

  const later = await host();
  expect(await shown(later)).toEqual({ title: '共享的新标题', version: '2026-12' });
});

it('serves the newest pack it can read, on a running host and a new one, when the newest cannot be read by this release', async () => {
  const provider = await host();
  const files = changedPack('读不懂的包', '2027-01') as { news: { news: Record<string, unknown>[] } };
  files.news.news[0]!.headline_from_a_newer_release = 'x';
  const warned = jest.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    await publishPack(pool, files as PackFiles, 'test');
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS * 5));
    expect(await shown(provider)).toEqual({ title: '共享的新标题', version: '2026-12' });
    // Started now, with an empty DATA_DIR, a host warns (before its app logs) and serves the newest
    // pack it can read, as the running hosts do: not the shipped seed and its privacy notice.
    const started = await host();
    expect(await shown(started)).toEqual({ title: '共享的新标题', version: '2026-12' });
    expect(warned.mock.calls.map((call) => String(call[0]))).toEqual(expect.arrayContaining([expect.stringContaining('cannot be read by this release')]));
  } finally {
    warned.mockRestore();
  }
});

it('skips a look while the one before still waits on the database, so looks never pile up behind it', async () => {
  jest.useFakeTimers();
  try {
    let stuck: (() => void) | undefined;
    let looks = 0;
    // newestId's answer: no pack, so a look that is answered ends there.
    const answer = { rows: [] };
    const silent = {
      query: () => {
        looks += 1;
        return stuck === undefined && looks > 1 ? new Promise((resolve) => (stuck = () => resolve(answer))) : Promise.resolve(answer);
      },
    } as unknown as pg.Pool;
    const follower = await followSharedPack({ pool: silent, db: {} as ProviderDatabase, warn: () => {}, everyMs: 100 });
    expect(looks).toBe(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(looks).toBe(2); // this look waits for an answer that does not come
    await jest.advanceTimersByTimeAsync(2_000);
    expect(looks).toBe(2);
    stuck!();
    await jest.advanceTimersByTimeAsync(0);
    // Answered at last: no backlog of twenty looks runs now, the next tick looks once.
    expect(looks).toBe(2);
    await jest.advanceTimersByTimeAsync(100);
    expect(looks).toBe(3);
    await follower.stop();
  } finally {
    jest.useRealTimers();
  }
});

it('content:import says the pack reached the other hosts when the import into its own database fails', async () => {
  const data = tempDataDir();
  const url = await postgres.url();
  const db = await openDatabase(data.dir, loadContentPack());
  const before = (await pool.query<{ n: number }>('SELECT COUNT(*) AS n FROM content_packs')).rows[0]!.n;
  // The running site holds its database's write lock past the import's busy timeout.
  db.exec('BEGIN IMMEDIATE');
  try {
    const imported = spawnSync(process.execPath, ['--import', 'tsx', 'src/provider/content/importCli.ts', '--data-dir', data.dir], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: url },
    });
    expect(imported.status).toBe(1);
    expect(imported.stderr).toMatch(/The import into .* failed and was rolled back \(database is locked\)/);
    expect(imported.stderr).toMatch(/stored in the shared database all the same, as content pack \w+ \(\d+\)/);
    expect(imported.stderr).not.toContain('Nothing was imported');
    expect((await pool.query<{ n: number }>('SELECT COUNT(*) AS n FROM content_packs')).rows[0]!.n).toBe(before + 1);
  } finally {
    db.exec('ROLLBACK');
    db.close();
    data.remove();
  }
});

it('imports a pack that has the id of the one a host applied but other files, as after a pg_restore hands out ids again', async () => {
  const data = tempDataDir();
  const db = await openDatabase(data.dir, loadContentPack());
  const own = boundedPool(await postgres.url(), { max: 2 });
  await migratePostgres(own, 'the test database');
  const imported: { id: number; digest: string }[] = [];
  const before = await publishPack(own, changedPack('恢复前的标题', '2027-02'), 'test');
  const follower = await followSharedPack({
    pool: own,
    db,
    warn: () => {},
    everyMs: FOLLOW_MS,
    onImported: (_report, { id, digest }) => imported.push({ id, digest }),
  });
  try {
    expect(imported).toEqual([before]);
    // The database restored from a dump taken before that import: the pack is gone and its id is next
    // again. In one transaction, so that the host never sees the packs in between (the file's earlier
    // packs): it would import the newest of them, and then any new pack, whatever its id.
    const restore = await own.connect();
    let after: { id: number; digest: string };
    try {
      await restore.query('BEGIN');
      await restore.query('DELETE FROM content_packs WHERE id >= $1', [before.id]);
      await restore.query(`ALTER TABLE content_packs ALTER COLUMN id RESTART WITH ${Number(before.id)}`);
      after = await publishPack(restore, changedPack('恢复后的标题', '2027-03'), 'test');
      await restore.query('COMMIT');
    } finally {
      restore.release();
    }
    expect(after.id).toBe(before.id);
    expect(after.digest).not.toBe(before.digest);
    expect(
      await until(
        async () => imported,
        (now) => now.length === 2,
      ),
    ).toEqual([before, after]);
  } finally {
    await follower.stop();
    await own.end();
    db.close();
    data.remove();
  }
});
