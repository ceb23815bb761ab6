/**
 * Every PostgreSQL statement is bounded: over a connection that stops answering without closing
 * (a half-open TCP connection, made by a proxy that stops forwarding), a staff query fails within
 * its timeout, and the provider still exits on SIGTERM within its shutdown budget. Erasure says
 * what VACUUM could not guarantee.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startHalfOpenProxy, type HalfOpenProxy } from './halfOpenProxy.testing';
import { boundedPool, openPostgresStore, queryLimits, SaveTimeoutError } from './postgresStore';
import type { SubmissionStore } from './store';
import { queryTestDatabase, postgresPerFile } from './postgres.testing';
import { startProviderProcess, tempDataDir } from '../provider.testing';

const postgres = postgresPerFile();
const STATEMENT_MS = 1_000;
const SHUTDOWN_BUDGET_MS = 10_000;
const form = { category: 'other', medication: 'm', reason: '', name: 'n', phone: '13800000000', email: '', description: '' };
const consent = { consent: 'v', health_consent: 'v' };

let proxy: HalfOpenProxy | undefined;
let store: SubmissionStore | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  child?.kill('SIGKILL');
  await proxy?.close();
  await store?.close().catch(() => {});
  [proxy, store, child] = [undefined, undefined, undefined];
  delete process.env.DATABASE_STATEMENT_TIMEOUT_MS;
});

describe('a connection that ends while it is checked out', () => {
  it('is warned about and fails its statement, without ending the process', async () => {
    const url = await postgres.url();
    const warnings: string[] = [];
    const pool = boundedPool(url, { max: 1 }, (message) => warnings.push(message));
    const client = await pool.connect();
    const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
    // What a PostgreSQL restart does to a connection in the middle of a transaction.
    await queryTestDatabase(url, 'SELECT pg_terminate_backend($1)', [pid]);
    // The client hears it between statements, as a checked-out connection does: unheard, the
    // client's 'error' would end the process. (A statement sent first would take the error instead.)
    for (const giveUp = Date.now() + 10_000; warnings.length === 0 && Date.now() < giveUp;) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings).toContain('a PostgreSQL connection in use failed');
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    // The pool opens a new connection for the next statement.
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  }, 30_000);
});

describe('a database that stops answering', () => {
  it('makes a staff query fail within its timeout instead of hanging', async () => {
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = String(STATEMENT_MS);
    proxy = await startHalfOpenProxy(await postgres.url());
    store = await openPostgresStore(proxy.url, { max: 1, migrate: true });
    expect(await store.submissionsSince('patients', '2000-01-01')).toEqual([]);
    proxy.stall();
    const started = Date.now();
    await expect(store.submissionsSince('patients', '2000-01-01')).rejects.toThrow(/timeout/i);
    const elapsed = Date.now() - started;
    console.log(`half-open connection: the staff query failed after ${elapsed} ms (answer timeout ${queryLimits(process.env).answerMs} ms)`);
    expect(elapsed).toBeLessThan(queryLimits(process.env).answerMs + 3_000);
  }, 30_000);

  it('closes the connection a timed-out query left waiting, so the next query after the stall answers at once', async () => {
    process.env.DATABASE_STATEMENT_TIMEOUT_MS = String(STATEMENT_MS);
    proxy = await startHalfOpenProxy(await postgres.url());
    store = await openPostgresStore(proxy.url, { max: 1, migrate: true });
    expect(await store.submissionsSince('patients', '2000-01-01')).toEqual([]);
    proxy.stall();
    await expect(store.submissionsSince('patients', '2000-01-01')).rejects.toThrow(/timeout/i);
    proxy.resume();
    const started = Date.now();
    expect(await store.submissionsSince('patients', '2000-01-01')).toEqual([]);
    const elapsed = Date.now() - started;
    console.log(`after the stall: the next staff query answered in ${elapsed} ms (answer timeout ${queryLimits(process.env).answerMs} ms)`);
    // Given back to the pool, the waiting connection would have made this query wait out its timeout too.
    expect(elapsed).toBeLessThan(queryLimits(process.env).answerMs);
  }, 30_000);

  it('lets the provider exit on SIGTERM within its shutdown budget while a save hangs', async () => {
    proxy = await startHalfOpenProxy(await postgres.url());
    const data = tempDataDir();
    const started = await startProviderProcess(data.dir, { DATABASE_URL: proxy.url, LOG_LEVEL: 'silent' });
    child = started.child;
    const post = () =>
      fetch(`http://127.0.0.1:${started.port}/index/patient/submitData`, {
        method: 'POST',
        body: new URLSearchParams({ ...form, consent: '2026-01', health_consent: '2026-01' }),
      }).then(
        async (res) => ((await res.json()) as { code: number }).code,
        () => null,
      );
    expect(await post()).toBe(0);
    proxy.stall();
    const hanging = post();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = Date.now();
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
    const elapsed = Date.now() - stopped;
    await hanging;
    data.remove();
    console.log(`SIGTERM with the database silent: the provider exited after ${elapsed} ms (budget ${SHUTDOWN_BUDGET_MS} ms)`);
    expect(elapsed).toBeLessThan(SHUTDOWN_BUDGET_MS + 1_000);
  }, 60_000);
});

describe('a host gone silent in the middle of a save', () => {
  it("gives up the year's counter row within the save's bound, so the other hosts' patient messages are stored", async () => {
    const url = await postgres.url();
    proxy = await startHalfOpenProxy(url);
    const workMs = 1_000;
    store = await openPostgresStore(proxy.url, { saveLimits: { workMs } });
    const other = await openPostgresStore(url);
    try {
      // The message's INSERT never reaches PostgreSQL: its transaction holds the counter row, silent, never closed.
      proxy.stallOn(/insert into "patient_messages"/);
      await expect(store.savePatientMessage(form, consent, '')).rejects.toThrow(SaveTimeoutError);
      // Another host's save waits 4 s at most for the row (its statement timeout): PostgreSQL ended the silent transaction before.
      const started = Date.now();
      expect(await other.savePatientMessage(form, consent, '')).toMatch(/^PS-\d{4}-\d{6}$/);
      console.log(
        `a host silent mid-save: another host's patient message stored ${Date.now() - started} ms after the silent save was refused (bound ${workMs} ms)`,
      );
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('erasure', () => {
  it('says so when an open transaction (a pg_dump) still sees the deleted rows', async () => {
    const url = await postgres.url();
    store = await openPostgresStore(url);
    await store.savePatientMessage({ ...form, phone: '13912345678' }, consent, '');
    const snapshot = new (await import('pg')).default.Client({ connectionString: url });
    await snapshot.connect();
    try {
      await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await snapshot.query('SELECT COUNT(*) FROM patient_messages');
      expect(await store.deletePerson({ phone: '13912345678' })).toEqual({ applications: 0, patients: 1 });
      expect(await store.eraseDeleted(['patients'])).toEqual([
        expect.stringMatching(/^1 deleted rows of patient_messages are still visible to an open transaction/),
      ]);
      await snapshot.query('COMMIT');
      expect(await store.eraseDeleted(['patients'])).toEqual([]);
    } finally {
      await snapshot.end();
    }
  });

  it('says so when VACUUM skipped a table the role does not own', async () => {
    const url = await postgres.url();
    const role = `site_staff_${randomBytes(4).toString('hex')}`;
    await queryTestDatabase(url, `CREATE ROLE ${role} LOGIN PASSWORD 'staff'`);
    try {
      await queryTestDatabase(url, `GRANT SELECT, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      const asRole = new URL(url);
      [asRole.username, asRole.password] = [role, 'staff'];
      store = await openPostgresStore(asRole.toString(), { migrate: false });
      expect(await store.eraseDeleted(['applications'])).toEqual([expect.stringMatching(/^VACUUM skipped applications: the database role does not own it/)]);
      await store.close();
      store = undefined;
    } finally {
      await queryTestDatabase(url, `DROP OWNED BY ${role}`);
      await queryTestDatabase(url, `DROP ROLE ${role}`);
    }
  });
});
