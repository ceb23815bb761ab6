/**
 * Test helpers: a provider app over a fresh database in a temp directory (its submissions in
 * SQLite, or in a PostgreSQL test database: submissions/postgres.testing.ts), or in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContentPack } from './content/loadPack';
import { openDatabase } from './sqliteDatabase';
import { createProviderApp } from './app';
import { SEED_MEDIA_DIR } from './startProvider';
import type { TrustProxy } from '../contracts/trustProxy';
import { openSubmissionStore } from './submissions/open';
import type { StoreKind } from './submissions/store';
import { emptyTables, queryTestDatabase } from './submissions/postgres.testing';

/** Every store the submission and staff tests run against. */
export const STORE_KINDS: StoreKind[] = ['sqlite', 'postgres'];

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'provider-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `postgresUrl`: submissions in that (test) database, emptied first; otherwise in the SQLite file. */
export async function providerWithFreshDatabase(trustProxy?: TrustProxy, postgresUrl?: string) {
  const data = tempDataDir();
  const db = await openDatabase(data.dir, loadContentPack());
  const store = await openSubmissionStore(postgresUrl, db);
  if (postgresUrl) await emptyTables(postgresUrl);
  const app = await createProviderApp({ db, submissions: store, mediaDir: SEED_MEDIA_DIR, trustProxy });
  return {
    app,
    /** The content (and, without PostgreSQL, the submissions). */
    db,
    store,
    dataDir: data.dir,
    /** Rows of the submissions' database, wherever it is (`?` placeholders). */
    rows: async <T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> => {
      if (postgresUrl) return queryTestDatabase<T>(postgresUrl, sql, params);
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    /** Another store on the same database, with its own clock. */
    storeWithClock: (now: () => Date) => openSubmissionStore(postgresUrl, db, { now }),
    async close() {
      await app.close();
      await store.close();
      db.close();
      data.remove();
    },
  };
}

/** A fresh provider with its submissions in `kind`; PostgreSQL's is the test file's database (`postgresPerFile()`). */
export async function providerOn(kind: StoreKind, postgres: { url(): Promise<string> }, trustProxy?: TrustProxy) {
  return providerWithFreshDatabase(trustProxy, kind === 'postgres' ? await postgres.url() : undefined);
}

/** A start that hangs, not a slow one: with the other lanes beside it, a cold `main.ts` took past 20 s. */
const START_LIMIT_MS = 60_000;
/** Jest's limit for a test that starts `starts` processes and does `workMs` of its own: a hang detector too. */
export const hangLimit = (starts: number, workMs = 0) => starts * START_LIMIT_MS + workMs;

/**
 * `node --import tsx <script>` with port 0, resolved once it prints "listening on <url>": the
 * port is the one the child actually got, so parallel tests never race for a port. `printed`: its
 * output until then.
 */
export async function spawnListening(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number; printed: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (why: string) => reject(new Error(`${script} ${why}; it printed: ${printed || '(nothing)'}`));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`did not listen within ${START_LIMIT_MS} ms`);
    }, START_LIMIT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(printed)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(Number(new URL(url).port));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(`exited with ${code} before listening`);
    });
  });
  return { child, port, printed };
}

/** `src/provider/main.ts` as a child process on a port of its own, resolved once it listens. */
export function startProviderProcess(dataDir: string, env: Record<string, string> = {}) {
  return spawnListening('src/provider/main.ts', { PROVIDER_PORT: '0', DATA_DIR: dataDir, ...env });
}

/**
 * `count` job applications at once, each from its own (trusted, forwarded) address. `acknowledged`:
 * the names answered with code 0; `refused`: those answered with another code, the visitor told
 * it failed. A connection that dies with the process is neither: nothing was promised.
 */
export async function applicationBurst(
  port: number,
  count: number,
  tag: string,
  onAcknowledged: () => void = () => {},
): Promise<{ acknowledged: string[]; refused: string[] }> {
  const acknowledged: string[] = [];
  const refused: string[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = `${tag}-${i}`;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/index/recruit/submitData`, {
          method: 'POST',
          headers: { 'x-forwarded-for': `10.${tag.length}.${Math.floor(i / 250)}.${i % 250}` },
          body: new URLSearchParams({ name, phone: '13800000000', email: 'a@b.com', id: '1', consent: '2026-01' }),
        });
        if (((await res.json()) as { code: number }).code === 0) {
          acknowledged.push(name);
          onAcknowledged();
        } else refused.push(name);
      } catch {
        // refused or cut off without an answer: neither
      }
    }),
  );
  return { acknowledged, refused };
}
