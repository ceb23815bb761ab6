/**
 * What PostgreSQL adds to the shared store tests: several hosts, each with its own pool, on one
 * database. A case reference is unique across them and the sequence has no gaps; what one host
 * stores, another exports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TIMING } from '../../contracts/constants';
import { ENDPOINT } from '../../contracts/endpoints';
import { loadContentPack } from '../content/loadPack';
import { openDatabase } from '../sqliteDatabase';
import { dailyRetention, RETENTION_DAYS } from './retention';
import { providerOn, tempDataDir } from '../provider.testing';
import { PG_DUMP_MISSING } from './pgDump';
import { openPostgresStore, SAVE_LIMITS, SaveTimeoutError, type SaveLimits } from './postgresStore';
import { createSqliteStore } from './sqliteStore';
import type { SubmissionStore } from './store';
import { emptyTables, queryTestDatabase, postgresPerFile } from './postgres.testing';

const postgres = postgresPerFile();
const form = { category: 'other', medication: 'm', reason: '', name: 'n', phone: '13800000000', email: '', description: '' };
const consent = { consent: 'v', health_consent: 'v' };

let hosts: SubmissionStore[] = [];
/** Other sessions on the database (a lock holder): ended before the hosts, whose pools wait for them. */
let others: pg.Client[] = [];
/**
 * The two hosts' limits: 100 saves queue for one pool's 10 connections and one counter row, and
 * on a machine busy beside the other lanes the last waited past SAVE_LIMITS' 3 s to connect. What
 * these tests check is the numbering and the sharing; the limits are checked below, on hosts of their own.
 */
const UNHURRIED: SaveLimits = { connectMs: 20_000, statementMs: 20_000, workMs: 20_000, commitMs: 20_000 };
beforeEach(async () => {
  const url = await postgres.url();
  hosts = await Promise.all([openPostgresStore(url, { saveLimits: UNHURRIED }), openPostgresStore(url, { saveLimits: UNHURRIED })]);
  await emptyTables(url);
});
afterEach(async () => {
  await Promise.all(others.map((other) => other.end()));
  others = [];
  await Promise.all(hosts.map((host) => host.close()));
});

describe('submissions in PostgreSQL shared by two hosts', () => {
  it('numbers 2 × 100 messages sent at once through two pools 1 to 200, each once', async () => {
    const references = await Promise.all(hosts.flatMap((host) => Array.from({ length: 100 }, () => host.savePatientMessage(form, consent, ''))));
    const year = references[0]!.slice(3, 7);
    expect([...references].sort()).toEqual(Array.from({ length: 200 }, (_, i) => `PS-${year}-${String(i + 1).padStart(6, '0')}`));
    const stored = await queryTestDatabase<{ n: number }>(await postgres.url(), 'SELECT COUNT(DISTINCT reference) AS n FROM patient_messages');
    expect(stored).toEqual([{ n: 200 }]);
  });

  it('gives the number of a message that could not be stored back: no gap in the sequence', async () => {
    const [a] = hosts as [SubmissionStore];
    const first = await a.savePatientMessage(form, consent, '');
    expect(first).toMatch(/-000001$/);
    // A row already holding the next reference: the insert fails after the counter moved, in the same transaction.
    const url = await postgres.url();
    const taken = first.replace(/1$/, '2');
    await queryTestDatabase(
      url,
      "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at, reference) VALUES ('other', 'm', '', '', '1', '', '', '', '', $1)",
      [taken],
    );
    await expect(a.savePatientMessage(form, consent, '')).rejects.toThrow(/unique/);
    await queryTestDatabase(url, 'DELETE FROM patient_messages WHERE reference = $1', [taken]);
    expect(await a.savePatientMessage(form, consent, '')).toBe(taken);
  });

  it("counts one visitor's allowance once for both hosts, in the database", async () => {
    const [a, b] = hosts.map((host) => host.visitorLimit('submit', { points: 3, windowMs: 60_000 })) as [
      (key: string) => Promise<boolean>,
      (key: string) => Promise<boolean>,
    ];
    expect([await a('203.0.113.5'), await b('203.0.113.5'), await a('203.0.113.5')]).toEqual([true, true, true]);
    expect([await b('203.0.113.5'), await a('203.0.113.5')]).toEqual([false, false]);
    expect(await b('198.51.100.8')).toBe(true);
    expect(await queryTestDatabase(await postgres.url(), 'SELECT key, points FROM rate_limits ORDER BY key')).toEqual([
      { key: 'submit:198.51.100.8', points: 1 },
      { key: 'submit:203.0.113.5', points: 5 },
    ]);
  });

  it('exports through one host what the other stored, and finds and deletes a person there', async () => {
    const [a, b] = hosts as [SubmissionStore, SubmissionStore];
    await a.saveApplication(
      { id: 1, title: '质量检验员' },
      { name: '陈', phone: '+86 139 1234 5678', email: 'chen@example.com' },
      { consent: 'v' },
      '203.0.113.9',
    );
    const reference = await a.savePatientMessage({ ...form, phone: '13912345678' }, consent, '');
    expect((await b.submissionsSince('applications', '2000-01-01')).map((row) => row.name)).toEqual(['陈']);
    expect((await b.submissionsSince('patients', '2000-01-01')).map((row) => row.reference)).toEqual([reference]);
    expect(await b.deletePerson({ phone: '139 1234 5678' })).toEqual({ applications: 1, patients: 1 });
    expect(await a.findPerson({ email: 'chen@example.com' })).toEqual({ applications: [], patients: [] });
  });
});

describe('a save that cannot finish before the site gives up', () => {
  /** Another session holding every case counter's row lock in an open transaction, as a stuck host would. */
  const lockCounters = async () => {
    const holder = new pg.Client({ connectionString: await postgres.url() });
    others.push(holder);
    await holder.connect();
    await holder.query('BEGIN');
    expect((await holder.query('SELECT year FROM case_reference_counters FOR UPDATE')).rowCount).toBe(1);
    return () => holder.query('COMMIT');
  };
  const host = async (limits: Partial<SaveLimits>) => {
    const store = await openPostgresStore(await postgres.url(), { saveLimits: limits });
    hosts.push(store);
    return store;
  };
  const stored = async () =>
    (await queryTestDatabase<{ reference: string }>(await postgres.url(), 'SELECT reference FROM patient_messages ORDER BY id')).map((row) =>
      row.reference.slice(-6),
    );

  it('ends, committed or rolled back, well before the proxy answers 504', () => {
    expect(SAVE_LIMITS.workMs + SAVE_LIMITS.commitMs).toBeLessThanOrEqual(TIMING.requestTimeoutMs - 2_000);
    expect(Math.max(SAVE_LIMITS.connectMs, SAVE_LIMITS.statementMs)).toBeLessThan(SAVE_LIMITS.workMs);
  });

  it('is refused while the counter row is locked, stores nothing, and its number goes to the next message', async () => {
    // The statements may wait: the save's own guard is what gives up.
    const store = await host({ workMs: 300, statementMs: 60_000 });
    await store.savePatientMessage(form, consent, '');
    const unlock = await lockCounters();
    await expect(store.savePatientMessage(form, consent, '')).rejects.toThrow(SaveTimeoutError);
    await expect(store.saveApplication({ id: 1, title: '' }, { name: 'n', phone: '13800000000', email: '' }, { consent: 'v' }, '')).resolves.toBeUndefined();
    await unlock();
    expect(await store.savePatientMessage(form, consent, '')).toMatch(/-000002$/);
    expect(await stored()).toEqual(['000001', '000002']);
  });

  it('is refused by PostgreSQL itself when one statement waits longer than the statement timeout', async () => {
    const store = await host({ workMs: 60_000, statementMs: 200 });
    await store.savePatientMessage(form, consent, '');
    const unlock = await lockCounters();
    await expect(store.savePatientMessage(form, consent, '')).rejects.toMatchObject({ code: '57014' });
    await unlock();
    expect(await store.savePatientMessage(form, consent, '')).toMatch(/-000002$/);
    expect(await stored()).toEqual(['000001', '000002']);
  });
});

describe('PostgreSQL beside SQLite', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const seed: [string, string, string, number][] = [
    ['applications', 'past the period', '203.0.113.77', RETENTION_DAYS.applications + 1],
    ['applications', 'two months old', '203.0.113.78', 60],
    ['applications', 'yesterday', '203.0.113.79', 1],
    ['patient_messages', 'past the pharmacovigilance period', '198.51.100.9', RETENTION_DAYS.patients + 1],
    ['patient_messages', 'last year', '2001:db8:1234:5678:9abc::1', 365],
    ['patient_messages', 'forty days, mapped IPv4', '::ffff:198.51.100.23', 40],
    ['patient_messages', 'twenty-nine days', '2001:db8:1234:5678::2', 29],
  ];
  const insert = (table: string) =>
    table === 'applications'
      ? "INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '13800000000', 'a@b.com', ?, ?)"
      : "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '13800000000', '', 'd', ?, ?)";
  const left = 'SELECT name, client_ip FROM applications UNION ALL SELECT name, client_ip FROM patient_messages ORDER BY name';

  it('keeps the retention alike: the same rows purged, the same addresses cut, the same counts', async () => {
    const url = await postgres.url();
    const data = tempDataDir();
    const db = await openDatabase(data.dir, loadContentPack());
    try {
      for (const [table, name, ip, days] of seed) {
        db.prepare(insert(table)).run(name, ip, daysAgo(days));
        await queryTestDatabase(url, insert(table), [name, ip, daysAgo(days)]);
      }
      const now = new Date();
      const [onSqlite, onPostgres] = [await dailyRetention(createSqliteStore(db), now), await dailyRetention(hosts[0]!, now)];
      expect(onPostgres).toEqual(onSqlite);
      expect(onPostgres.purged.map((o) => o.rows)).toEqual([1, 1]);
      expect(onPostgres.truncated.map((o) => o.rows)).toEqual([1, 2]);
      expect(await queryTestDatabase(url, left)).toEqual(db.prepare(left).all());
      expect(await queryTestDatabase(url, "SELECT client_ip FROM patient_messages WHERE name = 'last year'")).toEqual([{ client_ip: '2001:db8:1234::/48' }]);
    } finally {
      db.close();
      data.remove();
    }
  });

  it('answers a submission the database refuses with 500 in the envelope, and stores none of it', async () => {
    const site = await providerOn('postgres', postgres);
    try {
      await site.rows("ALTER TABLE patient_messages ADD CONSTRAINT refuse_all CHECK (medication <> 'refused')");
      const res = await site.app.inject({
        method: 'POST',
        url: ENDPOINT.patientSubmit,
        payload: new URLSearchParams({ ...form, medication: 'refused', consent: '2026-01', health_consent: '2026-01' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 500, code: 1 });
      expect(await site.rows('SELECT COUNT(*) AS n FROM patient_messages')).toEqual([{ n: 0 }]);
      // Its case number went back with the rollback: the next message is the first.
      await site.rows('ALTER TABLE patient_messages DROP CONSTRAINT refuse_all');
      expect(await site.store.savePatientMessage(form, consent, '')).toMatch(/-000001$/);
    } finally {
      await site.close();
    }
  });

  it('says how to install pg_dump when a backup finds none, and leaves no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-'));
    try {
      // A PATH without pg_dump: only the tools' own Node runs.
      const env = { ...process.env, PATH: dir, DATABASE_URL: await postgres.url() };
      const backup = spawnSync(process.execPath, ['--import', 'tsx', 'src/provider/staff/cli.ts', 'backup', join(dir, 'b.dump'), '--data-dir', dir], {
        encoding: 'utf8',
        env,
      });
      expect(backup.status).toBe(1);
      expect(backup.stderr).toContain(PG_DUMP_MISSING);
      expect(PG_DUMP_MISSING).toContain('apt-get install -y postgresql-client');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
