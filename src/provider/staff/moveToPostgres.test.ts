/**
 * The move from SQLite to PostgreSQL: a site's submissions, consents, case reference counters and
 * audit log arrive whole in PostgreSQL, verified, once; the SQLite file no longer holds them; a
 * new message continues the old numbering without reusing a reference.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentPack } from '../content/loadPack';
import { connect, openDatabase } from '../sqliteDatabase';
import Database from '../sqliteDriver';
import { openPostgresStore } from '../submissions/postgresStore';
import { createSqliteStore } from '../submissions/sqliteStore';
import { AUDIT_FILE } from '../submissions/auditFile';
import { createTestDatabase, queryTestDatabase } from '../submissions/postgres.testing';
import { tempDataDir } from '../provider.testing';
import { auditEntry } from './audit';
import { startHalfOpenProxy } from '../submissions/halfOpenProxy.testing';
import { beijingDay } from '../submissions/caseReference';
import { moveToPostgres } from './moveToPostgres';
import { STAFF_CLI, staffTool } from './staffTools.testing';

const form = { category: 'adverse', medication: '炉甘石洗剂', reason: '', name: '王芳', phone: '13800000000', email: '', description: '发红' };
const consent = { consent: '2026-01', health_consent: '2026-01' };

const move = (dataDir: string, url: string) =>
  staffTool(['move-to-postgres', '--data-dir', dataDir], { ...process.env, DATABASE_URL: url, STAFF_AUDIT_KEY: 'move-test-key-0123456789abcdef' });

/** The audit log parts the moves set aside, one per move, oldest first by their entries' times. */
const movedAuditFiles = (dataDir: string) =>
  readdirSync(dataDir)
    .filter((name) => name.startsWith(`${AUDIT_FILE}.moved-to-postgres.`))
    .map((name) => readFileSync(join(dataDir, name), 'utf8'))
    .sort();
const auditActions = async (url: string) =>
  (await queryTestDatabase<{ action: string }>(url, "SELECT entry ->> 'action' AS action FROM staff_audit ORDER BY id")).map((row) => row.action);
const COUNTS = 'SELECT (SELECT COUNT(*) FROM applications) AS applications, (SELECT COUNT(*) FROM patient_messages) AS messages';
const sqliteCounts = (dataDir: string) => {
  const file = connect(join(dataDir, 'provider.sqlite'));
  const found = file.prepare(COUNTS).get();
  file.close();
  return found;
};

/** How often each submission table has been vacuumed by hand (PostgreSQL's statistics, which VACUUM updates at once). */
const vacuums = async (url: string) =>
  Object.fromEntries(
    (
      await queryTestDatabase<{ relname: string; vacuum_count: number }>(
        url,
        "SELECT relname, vacuum_count FROM pg_stat_user_tables WHERE relname IN ('applications', 'patient_messages')",
      )
    ).map((row) => [row.relname, row.vacuum_count]),
  );
/**
 * A provider's data folder and a PostgreSQL database of the test's own, both gone after it, and
 * before them what the test `defer`s (the last deferred closed first).
 */
async function withStoreAndDatabase(
  work: (
    data: ReturnType<typeof tempDataDir>,
    database: Awaited<ReturnType<typeof createTestDatabase>>,
    defer: (close: () => unknown) => void,
  ) => Promise<void>,
) {
  const data = tempDataDir();
  const database = await createTestDatabase();
  const closers: (() => unknown)[] = [];
  try {
    await work(data, database, (close) => closers.unshift(close));
  } finally {
    for (const close of closers) await close();
    await database.drop();
    data.remove();
  }
}

/** Until a session of the test database waits for a lock. */
async function untilWaitingForLock(url: string) {
  const waiting = "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
  while (((await queryTestDatabase<{ n: number }>(url, waiting))[0]?.n ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * A move PostgreSQL committed and SQLite's side refused (as a death there would), then the old
 * site, started again, deleted a person: finishing the move deletes that copy from PostgreSQL.
 */
async function stoppedMoveThenDeletion(dataDir: string, url: string) {
  const db = await openDatabase(dataDir, loadContentPack());
  const old = createSqliteStore(db);
  const erased = await old.savePatientMessage({ ...form, phone: '13900000009' }, consent, '');
  const kept = await old.savePatientMessage(form, consent, '');
  await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 2 }));
  db.exec(`CREATE TRIGGER stopped_move BEFORE DELETE ON patient_messages BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
  await (await openPostgresStore(url)).close();
  // Read as the tools' outcome (status, stderr), not with `rejects.toThrow`: in a Jest worker where an
  // earlier file loaded better-sqlite3, its errors belong to that file's realm, and `rejects.toThrow`
  // reads such a rejection as "did not throw".
  const stopped = await move(dataDir, url);
  expect(stopped.stderr).toContain('the move stopped here');
  expect(stopped.status).toBe(1);
  db.exec('DROP TRIGGER stopped_move');
  expect(await old.deletePerson({ phone: '13900000009' })).toMatchObject({ patients: 1 });
  db.close();
  return { erased, kept };
}

/** The move in a child process, the test's event loop left free (for a proxy it runs). */
async function moveWhileServing(dataDir: string, url: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [...STAFF_CLI, 'move-to-postgres', '--data-dir', dataDir], {
    env: { ...process.env, DATABASE_URL: url, STAFF_AUDIT_KEY: 'move-test-key-0123456789abcdef', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [status] = (await once(child, 'exit')) as [number];
  return { status, stderr };
}

it('moves an old SQLite store into PostgreSQL once, verified, and continues its numbering there', async () => {
  await withStoreAndDatabase(async (data, database) => {
    const db = await openDatabase(data.dir, loadContentPack());
    const old = createSqliteStore(db);
    await old.saveApplication(
      { id: 2, title: '质量检验员' },
      { name: '李明', phone: '13800000001', email: 'li@example.com' },
      { consent: '2026-01' },
      '203.0.113.1',
    );
    const references = [
      await old.savePatientMessage(form, consent, '203.0.113.2'),
      await old.savePatientMessage({ ...form, phone: '13900000009' }, consent, ''),
      await old.savePatientMessage(form, consent, ''),
    ];
    await old.deletePerson({ phone: '13900000009' });
    // Stored before text was cleaned: a NUL that PostgreSQL would refuse.
    db.prepare("UPDATE patient_messages SET description = 'a' || char(0) || 'b' WHERE reference = ?").run(references[0]);
    await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 3 }));
    db.close();
    await (await openPostgresStore(database.url)).close();

    const moved = await move(data.dir, database.url);
    expect(moved.stderr).toMatch(/^Moved 1 applications, 2 patient messages, 1 audit entries and the case reference counters .* verified/);
    expect(moved.status).toBe(0);
    expect(await queryTestDatabase(database.url, 'SELECT id, name, job_title, consent_version, client_ip FROM applications')).toEqual([
      { id: 1, name: '李明', job_title: '质量检验员', consent_version: '2026-01', client_ip: '203.0.113.1' },
    ]);
    expect(await queryTestDatabase(database.url, 'SELECT reference, description, safety_flag FROM patient_messages ORDER BY id')).toEqual([
      { reference: references[0], description: 'ab', safety_flag: 1 },
      { reference: references[2], description: '发红', safety_flag: 1 },
    ]);
    expect(
      (await queryTestDatabase<{ action: string }>(database.url, "SELECT entry ->> 'action' AS action FROM staff_audit ORDER BY id")).map((row) => row.action),
    ).toEqual(['export', 'move to postgres']);

    const after = await openDatabase(data.dir, loadContentPack());
    expect(after.prepare('SELECT (SELECT COUNT(*) FROM applications) + (SELECT COUNT(*) FROM patient_messages) AS n').get()).toEqual({ n: 0 });
    after.close();
    expect(existsSync(join(data.dir, 'staff-audit.log'))).toBe(false);

    const store = await openPostgresStore(database.url);
    expect(await store.savePatientMessage(form, consent, '')).toBe(references[2]!.replace(/3$/, '4'));
    await store.close();

    const again = await move(data.dir, database.url);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/holds no submissions and no audit log: nothing to move \(was it moved already\?\)/);
  });
}, 60_000);

it('never deletes a message, nor sets aside an audit entry, that the old site stored while the move was running', async () => {
  await withStoreAndDatabase(async (data, database, defer) => {
    const locker = new pg.Client({ connectionString: database.url });
    defer(() => locker.end().catch(() => {}));
    const db = await openDatabase(data.dir, loadContentPack());
    const old = createSqliteStore(db);
    const first = await old.savePatientMessage(form, consent, '');
    await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 1 }));
    await (await openPostgresStore(database.url)).close();
    // Holds the move in PostgreSQL after it has read the SQLite file and before it deletes there:
    // it copies the case reference counters after the rows.
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE case_reference_counters IN ACCESS EXCLUSIVE MODE');
    const child = spawn(process.execPath, [...STAFF_CLI, 'move-to-postgres', '--data-dir', data.dir], {
      env: { ...process.env, DATABASE_URL: database.url, STAFF_AUDIT_KEY: 'move-test-key-0123456789abcdef' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    const waiting = "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
    while (((await queryTestDatabase<{ n: number }>(database.url, waiting))[0]?.n ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 50));

    // The old site, still running, takes a message in the middle of the move.
    const during = await old.savePatientMessage({ ...form, phone: '13900000001' }, consent, '').catch((error: Error) => error);
    // And a staff command on the old host records what it did.
    const audited = await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 99 })).catch((error: Error) => error);
    await locker.query('COMMIT');
    const [code] = (await exited) as [number];
    expect(stderr).toMatch(/^Moved 0 applications, 1 patient messages, 1 audit entries/);
    expect(code).toBe(0);
    // The audit entry waited for SQLite's lock and was refused: the log set aside holds the one
    // entry moved, and no entry is left behind in the log unmoved.
    expect(movedAuditFiles(data.dir)).toEqual([expect.stringMatching(/^\{[^\n]*"action":"export"[^\n]*"rows":1\}\n$/)]);
    expect(existsSync(join(data.dir, AUDIT_FILE))).toBe(false);
    expect(await auditActions(database.url)).toEqual(['export', 'move to postgres']);
    expect(audited).toMatchObject({ code: 'SQLITE_BUSY' });

    const inPostgres = (await queryTestDatabase<{ reference: string }>(database.url, 'SELECT reference FROM patient_messages')).map((row) => row.reference);
    const inSqlite = (db.prepare('SELECT reference FROM patient_messages').all() as { reference: string }[]).map((row) => row.reference);
    db.close();
    expect(inPostgres).toEqual([first]);
    // The old site's save waited for SQLite's lock and was refused (so its visitor was told), and
    // nothing else is in either store: no message was acknowledged and then lost. Matched by its
    // code, not its class: a worker that loaded better-sqlite3 for an earlier file gives its
    // errors that file's Error, which is not this file's.
    expect(during).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(inSqlite).toEqual([]);
  });
}, 60_000);

it("moves a second host's store beside the first's, with new ids and its references kept, and refuses one whose references are taken", async () => {
  const database = await createTestDatabase();
  const hosts = [tempDataDir(), tempDataDir(), tempDataDir()];
  try {
    const references: string[][] = [];
    for (const [n, data] of hosts.entries()) {
      const db = await openDatabase(data.dir, loadContentPack());
      const store = createSqliteStore(db);
      // The second host numbered from 101; the third, like most hosts, from 1, as the first did.
      if (n === 1) db.prepare('INSERT INTO case_reference_counters (year, last) VALUES (?, 100)').run(Number(beijingDay(new Date()).slice(0, 4)));
      await store.saveApplication({ id: 1, title: `岗位${n}` }, { name: `申请人${n}`, phone: '13800000001', email: '' }, { consent: '2026-01' }, '');
      references.push([await store.savePatientMessage({ ...form, name: `报告人${n}` }, consent, '')]);
      await store.appendAudit(auditEntry('export', { kind: 'patients', rows: n }));
      db.close();
    }
    await (await openPostgresStore(database.url)).close();

    for (const data of hosts.slice(0, 2)) expect((await move(data.dir, database.url)).status).toBe(0);
    expect(await queryTestDatabase(database.url, 'SELECT id, name, reference FROM patient_messages ORDER BY id')).toEqual([
      { id: 1, name: '报告人0', reference: references[0]![0] },
      { id: 2, name: '报告人1', reference: references[1]![0] },
    ]);
    expect(await queryTestDatabase(database.url, 'SELECT id, job_title FROM applications ORDER BY id')).toEqual([
      { id: 1, job_title: '岗位0' },
      { id: 2, job_title: '岗位1' },
    ]);
    expect(
      (await queryTestDatabase<{ action: string }>(database.url, "SELECT entry ->> 'action' AS action FROM staff_audit ORDER BY id")).map((row) => row.action),
    ).toEqual(['export', 'move to postgres', 'export', 'move to postgres']);
    // New references continue after the highest either host gave out.
    const store = await openPostgresStore(database.url);
    expect(await store.savePatientMessage(form, consent, '')).toBe(references[1]![0]!.replace(/\d{6}$/, '000102'));
    await store.close();

    const refused = await move(hosts[2]!.dir, database.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`1 case reference is of this store in postgres://`);
    expect(refused.stderr).toContain(`already (${references[0]![0]}): two stores gave the same numbers to different reporters`);
    expect(await queryTestDatabase(database.url, 'SELECT COUNT(*) AS n FROM patient_messages')).toEqual([{ n: 3 }]);
    const kept = await openDatabase(hosts[2]!.dir, loadContentPack());
    expect(kept.prepare('SELECT name FROM patient_messages').all()).toEqual([{ name: '报告人2' }]);
    kept.close();
  } finally {
    await database.drop();
    for (const data of hosts) data.remove();
  }
}, 90_000);

describe('a move stopped after PostgreSQL committed (the process died, or the answer to COMMIT was lost)', () => {
  // A trigger fails SQLite's side of the move as a death there would: PostgreSQL has committed,
  // SQLite rolls back and keeps every row.
  it.each([
    ['a store of applications only, stopped at the delete', false, 'BEFORE DELETE ON applications'],
    ['a store with patient messages, stopped at the delete', true, 'BEFORE DELETE ON applications'],
    ['a store with patient messages, stopped after its audit log was set aside', true, 'BEFORE UPDATE ON submission_moves'],
  ])(
    'is finished by a second run, which copies nothing twice: %s',
    async (_store, withMessages, fault) => {
      await withStoreAndDatabase(async (data, database) => {
        const db = await openDatabase(data.dir, loadContentPack());
        const old = createSqliteStore(db);
        await old.saveApplication({ id: 2, title: '质量检验员' }, { name: '李明', phone: '13800000001', email: '' }, { consent: '2026-01' }, '');
        await old.saveApplication({ id: 3, title: '销售代表' }, { name: '张伟', phone: '13800000002', email: '' }, { consent: '2026-01' }, '');
        const references = withMessages ? [await old.savePatientMessage(form, consent, '')] : [];
        await old.appendAudit(auditEntry('export', { kind: 'applications', rows: 2 }));
        db.exec(`CREATE TRIGGER stopped_move ${fault} BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
        db.close();
        await (await openPostgresStore(database.url)).close();

        const stopped = await move(data.dir, database.url);
        expect(stopped.status).toBe(1);
        expect(stopped.stderr).toContain('the move stopped here');
        const counts = 'SELECT (SELECT COUNT(*) FROM applications) AS applications, (SELECT COUNT(*) FROM patient_messages) AS messages';
        const inPostgres = { applications: 2, messages: references.length };
        expect(await queryTestDatabase(database.url, counts)).toEqual([inPostgres]);
        const kept = connect(join(data.dir, 'provider.sqlite'));
        expect(kept.prepare(counts).get()).toEqual(inPostgres);
        kept.exec('DROP TRIGGER stopped_move');
        kept.close();

        const finished = await move(data.dir, database.url);
        expect(finished.stderr).toMatch(
          new RegExp(
            `^Finished an interrupted move \\(.+\\): postgres://.* had committed its 2 applications, ${references.length} patient messages, 1 audit entries`,
          ),
        );
        expect(finished.status).toBe(0);
        expect(await queryTestDatabase(database.url, counts)).toEqual([inPostgres]);
        expect(await queryTestDatabase(database.url, 'SELECT job_title FROM applications ORDER BY id')).toEqual([
          { job_title: '质量检验员' },
          { job_title: '销售代表' },
        ]);
        expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages')).toEqual(references.map((reference) => ({ reference })));
        expect(
          (await queryTestDatabase<{ action: string }>(database.url, "SELECT entry ->> 'action' AS action FROM staff_audit ORDER BY id")).map(
            (row) => row.action,
          ),
        ).toEqual(['export', 'move to postgres']);
        const after = connect(join(data.dir, 'provider.sqlite'));
        expect(after.prepare(counts).get()).toEqual({ applications: 0, messages: 0 });
        expect(after.prepare('SELECT COUNT(*) AS n FROM submission_moves WHERE finished_at IS NULL').get()).toEqual({ n: 0 });
        after.close();
        expect(existsSync(join(data.dir, AUDIT_FILE))).toBe(false);
        expect(movedAuditFiles(data.dir)).toEqual([expect.stringContaining('"action":"export"')]);

        const again = await move(data.dir, database.url);
        expect(again.status).toBe(1);
        expect(again.stderr).toMatch(/nothing to move \(was it moved already\?\)/);
      });
    },
    60_000,
  );
});

it.each([
  ['PostgreSQL committed it', true, /^Finished an interrupted move/],
  ['PostgreSQL never got it', false, /^Moved 1 applications, 1 patient messages, 1 audit entries/],
])(
  "keeps SQLite's rows when the answer to the move's COMMIT is lost (%s), and a second run moves them once",
  async (_what, delivered, second) => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const proxy = await startHalfOpenProxy(database.url);
      defer(() => proxy.close());
      const db = await openDatabase(data.dir, loadContentPack());
      const old = createSqliteStore(db);
      await old.saveApplication({ id: 2, title: '质量检验员' }, { name: '李明', phone: '13800000001', email: '' }, { consent: '2026-01' }, '');
      const reference = await old.savePatientMessage(form, consent, '');
      await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 1 }));
      db.close();
      await (await openPostgresStore(database.url)).close();
      const counts = 'SELECT (SELECT COUNT(*) FROM applications) AS applications, (SELECT COUNT(*) FROM patient_messages) AS messages';
      const sqliteCounts = () => {
        const file = connect(join(data.dir, 'provider.sqlite'));
        const found = file.prepare(counts).get();
        file.close();
        return found;
      };

      // The connection goes silent at the COMMIT, as a database host that vanished leaves it.
      proxy.stallOn(/COMMIT\0/, { delivered });
      const lost = await moveWhileServing(data.dir, proxy.url, { DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
      expect(lost.stderr).toContain("gave no answer to the move's COMMIT");
      expect(lost.stderr).toContain('Nothing was deleted from');
      expect(lost.status).toBe(1);
      expect(sqliteCounts()).toEqual({ applications: 1, messages: 1 });
      // PostgreSQL hears the connection close: a transaction still open there rolls back.
      await proxy.close();

      const again = await move(data.dir, database.url);
      expect(again.stderr).toMatch(second);
      expect(again.status).toBe(0);
      expect(await queryTestDatabase(database.url, counts)).toEqual([{ applications: 1, messages: 1 }]);
      expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages')).toEqual([{ reference }]);
      expect(sqliteCounts()).toEqual({ applications: 0, messages: 0 });
    });
  },
  60_000,
);

it('finishes an interrupted move without the rows the old site stored after it, and moves those with the next run', async () => {
  await withStoreAndDatabase(async (data, database) => {
    const db = await openDatabase(data.dir, loadContentPack());
    const old = createSqliteStore(db);
    const first = await old.savePatientMessage(form, consent, '');
    await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 1 }));
    db.exec(`CREATE TRIGGER stopped_move BEFORE DELETE ON patient_messages BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
    await (await openPostgresStore(database.url)).close();
    expect((await move(data.dir, database.url)).status).toBe(1);
    db.exec('DROP TRIGGER stopped_move');
    // The old site, started again before the move was run again, takes a message; a staff command audits.
    const later = await old.savePatientMessage({ ...form, phone: '13900000002' }, consent, '');
    await old.appendAudit(auditEntry('find person', { subject: 'hmac-sha256:x' }));
    db.close();

    const finished = await move(data.dir, database.url);
    expect(finished.stderr).toMatch(/^Finished an interrupted move \(.+\): .* had committed its 0 applications, 1 patient messages, 1 audit entries/m);
    expect(finished.stderr).toContain('2 submissions or audit entries were stored in');
    expect(finished.status).toBe(0);
    expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages ORDER BY id')).toEqual([{ reference: first }]);

    const rest = await move(data.dir, database.url);
    expect(rest.stderr).toMatch(/^Moved 0 applications, 1 patient messages, 1 audit entries/);
    expect(rest.status).toBe(0);
    expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages ORDER BY id')).toEqual([{ reference: first }, { reference: later }]);
    expect(
      (await queryTestDatabase<{ action: string }>(database.url, "SELECT entry ->> 'action' AS action FROM staff_audit ORDER BY id")).map((row) => row.action),
    ).toEqual(['export', 'move to postgres', 'find person', 'move to postgres']);
    expect(existsSync(join(data.dir, AUDIT_FILE))).toBe(false);
    // Each move's entries stay on the old host in a file of their own: the second does not replace the first.
    const [firstAside, secondAside] = movedAuditFiles(data.dir).sort((a, b) => Number(a.includes('find person')) - Number(b.includes('find person')));
    expect(movedAuditFiles(data.dir)).toHaveLength(2);
    expect(firstAside).toContain('"action":"export"');
    expect(secondAside).toContain('"action":"find person"');
  });
}, 60_000);

describe('the move holds the submission tables on every host for a bounded time', () => {
  // Tight for the moves that are to fail (a save is refused after 5 s while they stay locked);
  // the moves that are to succeed run with production's.
  const limits = { idleInTransactionMs: 500, lockMs: 2_000, answerMs: 1_000 };

  it('releases them when its connection goes silent before the COMMIT reaches PostgreSQL: another host saves, and a second run moves the store', async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const proxy = await startHalfOpenProxy(database.url);
      const otherHost = await openPostgresStore(database.url);
      defer(() => proxy.close());
      defer(() => otherHost.close());
      const db = await openDatabase(data.dir, loadContentPack());
      const old = createSqliteStore(db);
      await old.saveApplication({ id: 2, title: '质量检验员' }, { name: '李明', phone: '13800000001', email: '' }, { consent: '2026-01' }, '');
      const reference = await old.savePatientMessage(form, consent, '');
      await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 1 }));
      db.close();

      // The COMMIT never reaches PostgreSQL, and the connection stays open, silent: no FIN, no RST.
      proxy.stallOn(/COMMIT\0/, { delivered: false });
      await expect(moveToPostgres(data.dir, proxy.url, () => {}, limits)).rejects.toThrow("gave no answer to the move's COMMIT");
      expect(sqliteCounts(data.dir)).toEqual({ applications: 1, messages: 1 });

      // Another host's save (refused after 5 s while the tables stay locked) is stored.
      await otherHost.saveApplication({ id: 3, title: '销售代表' }, { name: '张伟', phone: '13800000002', email: '' }, { consent: '2026-01' }, '');
      const told: string[] = [];
      await moveToPostgres(data.dir, database.url, (text) => told.push(text)); // production's limits: the tight ones are for the failures
      expect(told[0]).toMatch(/^Moved 1 applications, 1 patient messages, 1 audit entries/);
      expect(await queryTestDatabase(database.url, 'SELECT job_title FROM applications ORDER BY id')).toEqual([
        { job_title: '销售代表' },
        { job_title: '质量检验员' },
      ]);
      expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages')).toEqual([{ reference }]);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 0 });
    });
  }, 60_000);

  it.each([
    ['lock_timeout', { lockMs: 300 }, '0\\.3'],
    ['a statement timeout shorter than lock_timeout', { lockMs: 5_000, statementMs: 1_000, answerMs: 3_000 }, '1'],
  ])(
    'gives up, saying so and moving nothing, while another session keeps them locked (%s)',
    async (_what, bounds, seconds) => {
      await withStoreAndDatabase(async (data, database, defer) => {
        const locker = new pg.Client({ connectionString: database.url });
        defer(() => locker.end().catch(() => {}));
        const db = await openDatabase(data.dir, loadContentPack());
        await createSqliteStore(db).savePatientMessage(form, consent, '');
        db.close();
        await (await openPostgresStore(database.url)).close();
        await locker.connect();
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE staff_audit IN ACCESS EXCLUSIVE MODE');

        await expect(moveToPostgres(data.dir, database.url, () => {}, { ...limits, ...bounds })).rejects.toThrow(
          new RegExp(
            `kept the submission tables locked for ${seconds} s \\(another move, or a session holding them\\): nothing was moved\\. .*gives them up within 5 s of its last statement; run move-to-postgres again`,
          ),
        );
        await locker.query('COMMIT');
        expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 1 });
        expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 0, messages: 0 }]);
        const told: string[] = [];
        await moveToPostgres(data.dir, database.url, (text) => told.push(text));
        expect(told[0]).toMatch(/^Moved 0 applications, 1 patient messages/);
      });
    },
    60_000,
  );
});

describe('finishing an interrupted move after the old site ran on SQLite again', () => {
  it('deletes from PostgreSQL the copies of what the old site deleted since, cuts the addresses it cut, and moves what it stored', async () => {
    await withStoreAndDatabase(async (data, database) => {
      const db = await openDatabase(data.dir, loadContentPack());
      const old = createSqliteStore(db);
      await old.saveApplication({ id: 2, title: '质量检验员' }, { name: '李明', phone: '13800000001', email: '' }, { consent: '2026-01' }, '203.0.113.7');
      const erased = await old.savePatientMessage({ ...form, phone: '13900000009' }, consent, '203.0.113.8');
      const kept = await old.savePatientMessage(form, consent, '203.0.113.9');
      await old.appendAudit(auditEntry('export', { kind: 'patients', rows: 2 }));
      db.exec(`CREATE TRIGGER stopped_move BEFORE DELETE ON patient_messages BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
      await (await openPostgresStore(database.url)).close();
      expect((await move(data.dir, database.url)).status).toBe(1);
      expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 1, messages: 2 }]);
      db.exec('DROP TRIGGER stopped_move');

      // The old site, started again on SQLite: a person asks to be deleted; retention cuts addresses; a new message.
      expect(await old.deletePerson({ phone: '13900000009' })).toMatchObject({ patients: 1 });
      await old.truncateOldAddresses(30, new Date(Date.now() + 365 * 86_400_000));
      const later = await old.savePatientMessage({ ...form, phone: '13900000002' }, consent, '');
      db.close();

      const before = await vacuums(database.url);
      const finished = await move(data.dir, database.url);
      expect(finished.stderr).toMatch(/^Finished an interrupted move \(.+\): .* had committed its 1 applications, 2 patient messages, 1 audit entries/);
      expect(finished.stderr).toContain('1 of the moved submissions had been deleted from');
      expect(finished.stderr).toContain('2 of the moved submissions had their address cut to its network');
      expect(finished.stderr).toContain('were stored in');
      expect(finished.status).toBe(0);
      expect(await queryTestDatabase(database.url, 'SELECT reference, client_ip FROM patient_messages ORDER BY id')).toEqual([
        { reference: kept, client_ip: '203.0.113.0/24' },
      ]);
      expect(await queryTestDatabase(database.url, 'SELECT client_ip FROM applications')).toEqual([{ client_ip: '203.0.113.0/24' }]);
      expect(await queryTestDatabase(database.url, 'SELECT COUNT(*) AS n FROM patient_messages WHERE reference = $1', [erased])).toEqual([{ n: 0 }]);
      expect(await auditActions(database.url)).toEqual(['export', 'move to postgres', 'finish move to postgres']);
      // And the tables vacuumed: the deleted copy, and the full addresses the cut rows held, freed in the files.
      expect(await vacuums(database.url)).toEqual({ applications: before.applications! + 1, patient_messages: before.patient_messages! + 1 });

      const rest = await move(data.dir, database.url);
      expect(rest.stderr).toMatch(/^Moved 0 applications, 1 patient messages/);
      expect(rest.status).toBe(0);
      expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages ORDER BY id')).toEqual([{ reference: kept }, { reference: later }]);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 0 });
    });
  }, 60_000);

  it('refuses, deleting nothing, a copied row changed otherwise than its address', async () => {
    await withStoreAndDatabase(async (data, database) => {
      const db = await openDatabase(data.dir, loadContentPack());
      const old = createSqliteStore(db);
      await old.saveApplication({ id: 2, title: '质量检验员' }, { name: '李明', phone: '13800000001', email: '' }, { consent: '2026-01' }, '');
      await old.savePatientMessage(form, consent, '');
      db.exec(`CREATE TRIGGER stopped_move BEFORE DELETE ON patient_messages BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
      await (await openPostgresStore(database.url)).close();
      expect((await move(data.dir, database.url)).status).toBe(1);
      db.exec('DROP TRIGGER stopped_move');
      // The applicant deleted (its copy is deleted first, applications before patient messages), then a message changed.
      expect(await old.deletePerson({ phone: '13800000001' })).toMatchObject({ applications: 1 });
      db.exec("UPDATE patient_messages SET description = 'changed'");
      db.close();

      const refused = await move(data.dir, database.url);
      expect(refused.stderr).toMatch(/The patient_messages row 1 in .* differ from what move .* copied into .*: nothing was deleted/);
      expect(refused.status).toBe(1);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 1 });
      // Nothing deleted in PostgreSQL either: the application's copy, deleted before the refusal, is there again.
      expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 1, messages: 1 }]);
      expect(await auditActions(database.url)).toEqual(['move to postgres']);
    });
  }, 60_000);
});

describe('which move a run finishes', () => {
  it('is the one PostgreSQL committed, not the newest the SQLite file started (a concurrent run that failed after recording its id)', async () => {
    await withStoreAndDatabase(async (data, database) => {
      const db = await openDatabase(data.dir, loadContentPack());
      await createSqliteStore(db).saveApplication(
        { id: 2, title: '质量检验员' },
        { name: '李明', phone: '13800000001', email: '' },
        { consent: '2026-01' },
        '',
      );
      db.exec(`CREATE TRIGGER stopped_move BEFORE DELETE ON applications BEGIN SELECT RAISE(ABORT, 'the move stopped here'); END`);
      await (await openPostgresStore(database.url)).close();
      expect((await move(data.dir, database.url)).status).toBe(1);
      db.exec('DROP TRIGGER stopped_move');
      // A second run, started meanwhile, recorded its id and then found SQLite locked.
      db.prepare('INSERT INTO submission_moves (id, started_at) VALUES (?, ?)').run('a-run-that-copied-nothing', new Date(Date.now() + 60_000).toISOString());
      db.close();

      const finished = await move(data.dir, database.url);
      expect(finished.stderr).toMatch(/^Finished an interrupted move \((?!a-run-that-copied-nothing).+\): .* had committed its 1 applications/);
      expect(finished.status).toBe(0);
      expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 1, messages: 0 }]);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 0 });
    });
  }, 60_000);

  it('refuses a store with nothing to move even when it records an unfinished move PostgreSQL never committed', async () => {
    await withStoreAndDatabase(async (data, database) => {
      const db = await openDatabase(data.dir, loadContentPack());
      db.prepare('INSERT INTO submission_moves (id, started_at) VALUES (?, ?)').run('a-run-that-copied-nothing', new Date().toISOString());
      db.close();
      await (await openPostgresStore(database.url)).close();

      const refused = await move(data.dir, database.url);
      expect(refused.stderr).toMatch(/holds no submissions and no audit log: nothing to move/);
      expect(refused.status).toBe(1);
      expect(await queryTestDatabase(database.url, 'SELECT COUNT(*) AS n FROM submission_moves')).toEqual([{ n: 0 }]);
      expect(await auditActions(database.url)).toEqual([]);
      // The run's own id, refused before anything was copied, is not kept as a move to finish.
      const after = connect(join(data.dir, 'provider.sqlite'));
      expect(after.prepare('SELECT id FROM submission_moves').pluck().all()).toEqual(['a-run-that-copied-nothing']);
      after.close();
    });
  }, 60_000);
});

describe('erasing what a finish deleted from PostgreSQL', () => {
  it('names the VACUUM to run by hand when an open transaction (a pg_dump) still sees the deleted copies, and that VACUUM frees them', async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const snapshot = new pg.Client({ connectionString: database.url });
      defer(() => snapshot.end().catch(() => {}));
      await stoppedMoveThenDeletion(data.dir, database.url);
      await snapshot.connect();
      await snapshot.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await snapshot.query('SELECT COUNT(*) FROM patient_messages');

      const told: string[] = [];
      await moveToPostgres(data.dir, database.url, (text) => told.push(text));
      expect(told).toContainEqual(expect.stringMatching(/^1 of the moved submissions had been deleted from /));
      const advice = told.find((text) => text.startsWith('Not guaranteed: 1 deleted rows of patient_messages are still visible to an open transaction'));
      expect(advice).toMatch(/Once it has ended, run in psql, as the table's owner: VACUUM \(VERBOSE, INDEX_CLEANUP ON\) patient_messages;$/);
      await snapshot.query('COMMIT');

      // Run again, the move has nothing to move; the VACUUM it named removes the deleted copy.
      await expect(moveToPostgres(data.dir, database.url, () => {})).rejects.toThrow(/nothing to move/);
      const byHand = new pg.Client({ connectionString: database.url });
      const notices: string[] = [];
      byHand.on('notice', (notice) => notices.push(notice.message ?? ''));
      await byHand.connect();
      await byHand.query(/: (VACUUM .*);$/.exec(advice!)![1]!).finally(() => byHand.end());
      expect(notices.join('\n')).toMatch(/tuples: 1 removed, 1 remain, 0 are dead but not yet removable/);
    });
  }, 60_000);

  it('says what stays where, and the VACUUM to run by hand, when its VACUUM fails', async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const proxy = await startHalfOpenProxy(database.url);
      defer(() => proxy.close());
      await stoppedMoveThenDeletion(data.dir, database.url);
      // The database stops answering when the VACUUM is sent.
      proxy.stallOn(/VACUUM/);
      const told: string[] = [];
      await moveToPostgres(data.dir, proxy.url, (text) => told.push(text), { answerMs: 3_000 });
      expect(told).toContainEqual(
        expect.stringMatching(
          /^Not guaranteed: the rows are deleted, but the space they took could not be overwritten \(.+\): they stay in postgres:\/\/[^ ]+'s table files until a VACUUM\. When the database is quiet, run in psql, as the tables' owner: VACUUM \(VERBOSE, INDEX_CLEANUP ON\) patient_messages;$/,
        ),
      );
      // The finish itself is done.
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 0 });
      expect(await queryTestDatabase(database.url, 'SELECT COUNT(*) AS n FROM patient_messages')).toEqual([{ n: 1 }]);
    });
  }, 60_000);

  it('still reports and vacuums the copies a finish deleted when the answer to its COMMIT was lost', async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const proxy = await startHalfOpenProxy(database.url);
      defer(() => proxy.close());
      const { kept } = await stoppedMoveThenDeletion(data.dir, database.url);
      // PostgreSQL commits the finish (the copy deleted); its answer never comes.
      proxy.stallOn(/COMMIT\0/, { delivered: true });
      await expect(moveToPostgres(data.dir, proxy.url, () => {}, { answerMs: 3_000 })).rejects.toThrow("gave no answer to the move's COMMIT");
      expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages')).toEqual([{ reference: kept }]);
      const before = await vacuums(database.url);

      const told: string[] = [];
      await moveToPostgres(data.dir, database.url, (text) => told.push(text));
      expect(told[0]).toMatch(/^Finished an interrupted move/);
      expect(told).toContainEqual(expect.stringMatching(/^1 of the moved submissions had been deleted from .*: they are deleted from .* too\.$/));
      expect(await vacuums(database.url)).toEqual({ applications: before.applications, patient_messages: before.patient_messages! + 1 });
      // The deletion is in the audit trail once: the run that did it recorded it.
      expect(await auditActions(database.url)).toEqual(['export', 'move to postgres', 'finish move to postgres']);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 0 });
    });
  }, 60_000);
});

describe("the move beside the hosts' saves", () => {
  it("waits for a host's patient message holding the year's counter row, instead of deadlocking with it", async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const host = new pg.Client({ connectionString: database.url });
      defer(() => host.end().catch(() => {}));
      const year = Number(beijingDay(new Date()).slice(0, 4));
      const db = await openDatabase(data.dir, loadContentPack());
      // This store numbered from 101, so its reference is not the host's.
      db.prepare('INSERT INTO case_reference_counters (year, last) VALUES (?, 100)').run(year);
      const movedReference = await createSqliteStore(db).savePatientMessage(form, consent, '');
      db.close();
      await (await openPostgresStore(database.url)).close();

      // A host's save (submissionStore.ts), held between its statements: the counter row taken, the message not yet inserted.
      await host.connect();
      await host.query('BEGIN');
      const { last } = (
        await host.query<{ last: number }>(
          'INSERT INTO case_reference_counters (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = case_reference_counters.last + 1 RETURNING last',
          [year],
        )
      ).rows[0]!;
      const moving = moveToPostgres(data.dir, database.url, () => {}).then(
        () => 'moved',
        (error: Error) => error,
      );
      await untilWaitingForLock(database.url);
      const hostReference = `${movedReference.slice(0, -6)}${String(last).padStart(6, '0')}`;
      await host.query(
        `INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at, reference)
         VALUES ('other', '', '', '赵', '13800000003', '', '', '', $1, $2)`,
        [new Date().toISOString(), hostReference],
      );
      await host.query('COMMIT');

      expect(await moving).toBe('moved');
      expect(await queryTestDatabase(database.url, 'SELECT reference FROM patient_messages ORDER BY id')).toEqual([
        { reference: hostReference },
        { reference: movedReference },
      ]);
      expect(await queryTestDatabase(database.url, 'SELECT last FROM case_reference_counters WHERE year = $1', [year])).toEqual([{ last: 101 }]);
    });
  }, 60_000);

  it('refuses, moving nothing and saying so, when a counter row it writes stays locked', async () => {
    await withStoreAndDatabase(async (data, database, defer) => {
      const locker = new pg.Client({ connectionString: database.url });
      defer(() => locker.end().catch(() => {}));
      const year = Number(beijingDay(new Date()).slice(0, 4));
      const db = await openDatabase(data.dir, loadContentPack());
      await createSqliteStore(db).savePatientMessage(form, consent, '');
      db.close();
      await (await openPostgresStore(database.url)).close();
      await queryTestDatabase(database.url, 'INSERT INTO case_reference_counters (year, last) VALUES ($1, 500)', [year]);
      // A row lock the move's LOCK TABLE does not wait for (ROW SHARE), and its upsert does.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT last FROM case_reference_counters FOR UPDATE');

      await expect(moveToPostgres(data.dir, database.url, () => {}, { lockMs: 300 })).rejects.toThrow(
        /kept a row the move writes locked for 0\.3 s \(.*lock timeout\): nothing was moved\. Run move-to-postgres again/,
      );
      await locker.query('COMMIT');
      expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 0, messages: 0 }]);
      expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 1 });
    });
  }, 60_000);
});

describe("a SQLite file the old site locks between the move's id and its read", () => {
  it.each([
    ['gives it back before the run ends: the run forgets its id', true],
    ['still holds it: the run keeps its id, and says why it stopped', false],
  ])(
    'refuses, moving nothing, when the old site %s',
    async (_what, givesBack) => {
      await withStoreAndDatabase(async (data, database, defer) => {
        const file = join(data.dir, 'provider.sqlite');
        let oldSite: InstanceType<typeof Database> | undefined;
        const exec = Database.prototype.exec;
        const spy = jest.spyOn(Database.prototype, 'exec').mockImplementation(function (this: InstanceType<typeof Database>, sql: string) {
          if (sql !== 'BEGIN IMMEDIATE' || oldSite) return exec.call(this, sql);
          // The old site, still running, takes SQLite's write lock in between; the move waits 50 ms for it.
          oldSite = connect(file);
          oldSite.exec('BEGIN IMMEDIATE');
          this.pragma('busy_timeout = 50');
          try {
            return exec.call(this, sql);
          } finally {
            if (givesBack) oldSite.exec('ROLLBACK');
          }
        });
        defer(() => oldSite?.close());
        defer(() => spy.mockRestore());
        const db = await openDatabase(data.dir, loadContentPack());
        await createSqliteStore(db).savePatientMessage(form, consent, '');
        db.close();
        await (await openPostgresStore(database.url)).close();

        await expect(moveToPostgres(data.dir, database.url, () => {})).rejects.toThrow(
          /provider\.sqlite stayed locked by another process \(the old site still running, or another move\): nothing was moved\. Stop the site/,
        );
        if (oldSite!.inTransaction) oldSite!.exec('ROLLBACK');
        spy.mockRestore();
        expect(sqliteCounts(data.dir)).toEqual({ applications: 0, messages: 1 });
        const after = connect(file);
        expect(after.prepare('SELECT COUNT(*) FROM submission_moves').pluck().get()).toBe(givesBack ? 0 : 1);
        after.close();
        expect(await queryTestDatabase(database.url, COUNTS)).toEqual([{ applications: 0, messages: 0 }]);
      });
    },
    60_000,
  );
});
