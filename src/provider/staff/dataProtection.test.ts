/**
 * What staff need to answer a person's request and keep the privacy notice's promises: find,
 * export and delete by e-mail or phone, deleted data gone (SQLite: from the file and the WAL;
 * PostgreSQL: from the tables, then VACUUM), private backups, an audit entry per action, and a
 * help text. Every case runs on both stores.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DATABASE_FILE } from '../sqliteDatabase';
import pg from 'pg';
import Database from '../sqliteDriver';
import { postgresPerFile } from '../submissions/postgres.testing';
import { providerOn, STORE_KINDS } from '../provider.testing';
import { AUDIT_FILE } from '../submissions/auditFile';
import { AUDIT_KEY_FILE, subjectHash } from './audit';
import { STAFF_CLI, staffSucceeds, staffTool } from './staffTools.testing';

const run = promisify(execFile);
const { STAFF_AUDIT_KEY: _ignored, DATABASE_URL: _local, ...environment } = process.env;
const MARK = 'Zhang-Unique-7731';
/** The key every host of a PostgreSQL site shares. */
const SHARED_KEY = 's'.repeat(64);
const postgres = postgresPerFile();

/**
 * The bytes on disk, read as the files are (latin1 keeps every byte): the database file and its
 * WAL, where SQLite keeps the earlier versions of every page it changed until a checkpoint.
 */
const onDisk = (dir: string) => {
  const bytes = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)).toString('latin1') : '');
  return { database: bytes(DATABASE_FILE), wal: bytes(`${DATABASE_FILE}-wal`) };
};

describe.each(STORE_KINDS)("a person's request, on %s", (kind) => {
  type Site = Awaited<ReturnType<typeof providerOn>>;
  let site: Site | undefined;
  /** The site holds its database open throughout, as it does while running. */
  beforeEach(async () => {
    site = await providerOn(kind, postgres);
    const { store } = site;
    await store.saveApplication(
      { id: 1, title: '质量检验员' },
      { name: MARK, phone: '+86 139 1234 5678', email: 'Zhang.San@pku.edu.cn' },
      { consent: 'v1' },
      '127.0.0.1',
    );
    await store.saveApplication(
      { id: 1, title: '质量检验员' },
      { name: 'Someone else', phone: '13800000000', email: 'other@example.com' },
      { consent: 'v1' },
      '127.0.0.1',
    );
    await store.savePatientMessage(
      { category: 'other', medication: '软膏', reason: '', name: MARK, phone: '13912345678', email: '', description: MARK },
      { consent: 'v1', health_consent: 'v1' },
      '127.0.0.1',
    );
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  const env = async (extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> =>
    kind === 'postgres' ? { ...environment, DATABASE_URL: await postgres.url(), STAFF_AUDIT_KEY: SHARED_KEY, ...extra } : { ...environment, ...extra };
  const staffWith = async (extra: NodeJS.ProcessEnv, ...args: string[]) => staffTool([...args, '--data-dir', site!.dataDir], await env(extra));
  const staff = async (...args: string[]) => staffSucceeds([...args, '--data-dir', site!.dataDir], await env());
  const auditLines = async () =>
    (await staff('audit')).stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, any>);
  const count = async (table: string) => (await site!.rows<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n;
  /** How often each table has been vacuumed (PostgreSQL's statistics). */
  const vacuums = async () =>
    Object.fromEntries(
      (
        await site!.rows<{ relname: string; vacuum_count: number }>(
          "SELECT relname, vacuum_count FROM pg_stat_user_tables WHERE relname IN ('applications', 'patient_messages')",
        )
      ).map((row) => [row.relname, row.vacuum_count]),
    );

  it("finds and exports a person's submissions by e-mail (any case) or phone (with or without the country code)", async () => {
    const found = await staff('find', '--email', 'zhang.san@PKU.edu.cn');
    expect(found.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^applications\tid 1\t.*Zhang-Unique-7731/)]);
    const exported = JSON.parse((await staff('export', '--phone', '139 1234 5678')).stdout) as Record<string, Record<string, unknown>[]>;
    expect(exported.applications!.map((row) => row.name)).toEqual([MARK]);
    expect(exported.patients!.map((row) => row.description)).toEqual([MARK]);
    expect(exported.applications![0]).toMatchObject({ job_title: '质量检验员', consent_version: 'v1' });
  }, 30_000);

  it('finds and deletes an address with letters beyond ASCII however their case is typed, and not its ASCII look-alike', async () => {
    // A database made with the C locale, whose lower() folds ASCII only: the store must not depend on it.
    if (kind === 'postgres')
      for (const table of ['applications', 'patient_messages']) await site!.rows(`ALTER TABLE ${table} ALTER COLUMN email TYPE text COLLATE "C"`);
    const { store } = site!;
    await store.saveApplication({ id: 1, title: '' }, { name: 'Jörg', phone: '13700000001', email: 'JÖRG.Müller@Beispiel.de' }, { consent: 'v1' }, '127.0.0.1');
    await store.saveApplication({ id: 1, title: '' }, { name: 'Jorg', phone: '13700000002', email: 'jorg.muller@beispiel.de' }, { consent: 'v1' }, '127.0.0.1');
    await store.savePatientMessage(
      { category: 'other', medication: 'm', reason: '', name: 'Jörg', phone: '13700000001', email: 'jörg.müller@beispiel.de', description: 'd' },
      { consent: 'v1', health_consent: 'v1' },
      '127.0.0.1',
    );
    const names = (rows: Record<string, Record<string, unknown>[]>) => Object.values(rows).flatMap((list) => list.map((row) => row.name));
    for (const email of ['jörg.müller@beispiel.de', ' JÖRG.MÜLLER@BEISPIEL.DE ']) expect(names(await store.findPerson({ email }))).toEqual(['Jörg', 'Jörg']);
    expect(await store.deletePerson({ email: 'Jörg.Müller@beispiel.DE' })).toEqual({ applications: 1, patients: 1 });
    expect(names(await store.findPerson({ email: 'JORG.MULLER@beispiel.de' }))).toEqual(['Jorg']);
    expect(await count('applications')).toBe(3);
  });

  it("matches a phone as a whole national number: a landline never finds the end of a stranger's mobile, a country code on the asking side still finds the person", async () => {
    const stranger = JSON.parse((await staff('export', '--phone', '12345678')).stdout) as Record<string, unknown[]>;
    expect([...stranger.applications!, ...stranger.patients!]).toEqual([]);
    const withCode = JSON.parse((await staff('export', '--phone', '+86 139 1234 5678')).stdout) as Record<string, Record<string, unknown>[]>;
    expect(withCode.patients!.map((row) => row.description)).toEqual([MARK]);
    expect(withCode.applications!.map((row) => row.name)).toEqual([MARK]);
  }, 30_000);

  it('deletes them (a dry run first), leaves everyone else, and erases what was deleted', async () => {
    const before = kind === 'postgres' ? await vacuums() : {};
    if (kind === 'sqlite') expect(onDisk(site!.dataDir).wal).toContain(MARK);
    const dry = await staff('delete', '--phone', '13912345678', '--dry-run');
    expect(dry.stderr).toContain('Would delete 1 applications and 1 patient messages');
    expect(await count('applications')).toBe(2);
    await staff('delete', '--phone', '13912345678');
    expect((await site!.rows('SELECT name FROM applications')).map((row) => row.name)).toEqual(['Someone else']);
    expect(await count('patient_messages')).toBe(0);
    if (kind === 'sqlite') {
      // Closing the last connection would checkpoint and delete the WAL by itself: the site's stays open.
      const after = onDisk(site!.dataDir);
      for (const [file, bytes] of Object.entries(after)) {
        expect({ file, mark: bytes.includes(MARK), email: bytes.includes('pku.edu.cn') }).toEqual({ file, mark: false, email: false });
      }
      expect(after.database).toContain('Someone else'); // the file does hold the rows that stay
    } else {
      // After the DELETE, each touched table was vacuumed once, outside the transaction.
      expect(await vacuums()).toEqual({ applications: (before.applications ?? 0) + 1, patient_messages: (before.patient_messages ?? 0) + 1 });
    }
  }, 30_000);

  it('a purge, too, erases what it deleted, and only in the tables it touched', async () => {
    await site!.rows("UPDATE applications SET created_at = '2020-01-01T00:00:00.000Z'");
    const before = kind === 'postgres' ? await vacuums() : {};
    await staff('purge', 'applications');
    expect(await count('applications')).toBe(0);
    if (kind === 'sqlite') {
      // The applications' e-mails are gone from both files; the patient message, kept for the
      // pharmacovigilance period, is still there.
      const after = onDisk(site!.dataDir);
      for (const [file, bytes] of Object.entries(after)) expect({ file, email: bytes.includes('pku.edu.cn') }).toEqual({ file, email: false });
      expect(after.database + after.wal).toContain(MARK);
    } else {
      expect(await vacuums()).toEqual({ applications: (before.applications ?? 0) + 1, patient_messages: before.patient_messages ?? 0 });
    }
  }, 30_000);

  it('writes one audit entry per action, naming the person by a hash only, and lists them', async () => {
    await staff('find', '--email', 'zhang.san@pku.edu.cn');
    await staff('delete', '--email', 'zhang.san@pku.edu.cn');
    await staff('purge', '--dry-run');
    const lines = await auditLines();
    expect(lines.map((line) => line.action)).toEqual(['find person', 'delete person', 'purge (dry run)']);
    const hash = subjectHash(site!.dataDir, { email: 'Zhang.San@pku.edu.cn' }, await env());
    expect(lines[1]).toMatchObject({
      subject: hash,
      rows: { applications: 1, patients: 0 },
      by: expect.any(String),
      host: expect.any(String),
      at: expect.any(String),
    });
    expect(JSON.stringify(lines)).not.toMatch(/pku|zhang/i);
    if (kind === 'sqlite') {
      expect(readFileSync(join(site!.dataDir, AUDIT_FILE), 'utf8')).not.toMatch(/pku|zhang/i);
      expect(statSync(join(site!.dataDir, AUDIT_FILE)).mode & 0o777).toBe(0o600);
    } else {
      expect(await count('staff_audit')).toBe(3);
      expect(existsSync(join(site!.dataDir, AUDIT_FILE))).toBe(false);
    }
    expect((await staff('audit', '--since', '2999-01-01')).stdout).toBe('');
  }, 30_000);

  it('takes the key from STAFF_AUDIT_KEY when set (and makes no key file); a short key stops the command before it deletes', async () => {
    const secret = 'k'.repeat(40);
    const tooShort = await staffWith({ STAFF_AUDIT_KEY: 'short' }, 'delete', '--phone', '13912345678');
    expect(tooShort.status).toBe(1);
    expect(tooShort.stderr).toContain('STAFF_AUDIT_KEY must be at least 32 characters');
    expect((await staffWith({ STAFF_AUDIT_KEY: secret }, 'find', '--phone', '139 1234 5678')).status).toBe(0);
    expect((await auditLines()).map((line) => line.subject)).toEqual([`hmac-sha256:${createHmac('sha256', secret).update('13912345678').digest('hex')}`]);
    expect(existsSync(join(site!.dataDir, AUDIT_KEY_FILE))).toBe(false);
    expect(await count('patient_messages')).toBe(1);
  }, 30_000);

  it('writes a backup only its owner can read, in a private folder', async () => {
    const target = join(site!.dataDir, 'backups', kind === 'postgres' ? 'b.dump' : 'b.sqlite');
    await staff('backup', target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(statSync(join(site!.dataDir, 'backups')).mode & 0o777).toBe(0o700);
    if (kind === 'postgres') {
      expect((await run('pg_restore', ['--list', target])).stdout).toMatch(/TABLE DATA public applications/);
    } else {
      const db = new Database(target, { readonly: true });
      expect(db.prepare('SELECT COUNT(*) FROM applications').pluck().get()).toBe(2);
      db.close();
    }
    const again = await staffWith({}, 'backup', target);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists already');
  }, 30_000);
});

describe('the audit key', () => {
  let site: Awaited<ReturnType<typeof providerOn>> | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });
  const staff = (dataDir: string, env: NodeJS.ProcessEnv, ...args: string[]) => staffTool([...args, '--data-dir', dataDir], env);

  it('with SQLite, names a person by an HMAC-SHA-256 with a secret key (a 0600 file made on first use) of the identifier as find compares it: one person, one hash', async () => {
    site = await providerOn('sqlite', postgres);
    const dir = site.dataDir;
    for (const phone of ['+86 139 1234 5678', '13912345678', '0086-139-1234-5678']) await staff(dir, environment, 'find', '--phone', phone);
    await staff(dir, environment, 'export', '--email', ' Zhang.San@PKU.edu.cn ');
    await staff(dir, environment, 'delete', '--email', 'zhang.san@pku.edu.cn', '--dry-run');
    const keyFile = join(dir, AUDIT_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const hmac = (identifier: string) => `hmac-sha256:${createHmac('sha256', key).update(identifier).digest('hex')}`;
    const lines = readFileSync(join(dir, AUDIT_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    expect(lines.map((line) => line.subject)).toEqual([...Array(3).fill(hmac('13912345678')), ...Array(2).fill(hmac('zhang.san@pku.edu.cn'))]);
    // Not the bare SHA-256 anyone can recompute by trying every 11-digit number.
    const text = readFileSync(join(dir, AUDIT_FILE), 'utf8');
    for (const identifier of ['13912345678', '+86 139 1234 5678', 'zhang.san@pku.edu.cn'])
      expect(text).not.toContain(createHash('sha256').update(identifier).digest('hex'));
  }, 30_000);

  it('with PostgreSQL, which every host shares, refuses to name a person without STAFF_AUDIT_KEY (a key file per host would give one person several hashes)', async () => {
    site = await providerOn('postgres', postgres);
    await site.store.saveApplication({ id: 1, title: 't' }, { name: MARK, phone: '13912345678', email: 'a@b.cn' }, { consent: 'v1' }, '127.0.0.1');
    const refused = await staff(site.dataDir, { ...environment, DATABASE_URL: await postgres.url() }, 'delete', '--phone', '13912345678');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('set STAFF_AUDIT_KEY, the same on every host');
    expect(await site.rows('SELECT name FROM applications')).toEqual([{ name: MARK }]);
    expect(existsSync(join(site.dataDir, AUDIT_KEY_FILE))).toBe(false);
  }, 30_000);
});

describe('a VACUUM that fails after the deletion committed (PostgreSQL)', () => {
  let site: Awaited<ReturnType<typeof providerOn>> | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it.each([
    ['delete', '--phone', '13912345678'],
    ['purge', 'patients', '--older-than', '0d'],
  ])(
    '%s records the deletion in the audit trail and says plainly that the space was not overwritten',
    async (...args) => {
      site = await providerOn('postgres', postgres);
      const url = await postgres.url();
      await site.store.savePatientMessage(
        { category: 'other', medication: 'm', reason: '', name: MARK, phone: '13912345678', email: '', description: MARK },
        { consent: 'v1', health_consent: 'v1' },
        '127.0.0.1',
      );
      // A lock the DELETE does not need and VACUUM does: VACUUM waits past its statement timeout.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE patient_messages IN SHARE UPDATE EXCLUSIVE MODE');
        // A process of its own: the statement timeout is read from its environment when a pool is made.
        const env = { ...environment, DATABASE_URL: url, STAFF_AUDIT_KEY: SHARED_KEY, DATABASE_STATEMENT_TIMEOUT_MS: '1000' };
        const failed = spawnSync(process.execPath, [...STAFF_CLI, ...args, '--data-dir', site.dataDir], { encoding: 'utf8', env });
        expect(failed.status).toBe(1);
        expect(failed.stderr).toMatch(/(Deleted 0 applications and 1 patient messages|Purged 1 patients)/);
        expect(failed.stderr).toMatch(
          /Deleted, but the space the rows took could not be overwritten: canceling statement due to statement timeout\. The deletion is in the audit trail\. When the database is quiet, run in psql, as the tables' owner: VACUUM \(VERBOSE, INDEX_CLEANUP ON\) (applications, )?patient_messages;/,
        );
        expect(failed.stderr).not.toMatch(/^\s+at /m);
        await holder.query('COMMIT');
        expect(await site.rows('SELECT COUNT(*) AS n FROM patient_messages')).toEqual([{ n: 0 }]);
        expect((await site.rows("SELECT entry ->> 'action' AS action FROM staff_audit")).map((row) => row.action)).toEqual([
          args[0] === 'delete' ? 'delete person' : 'purge',
        ]);
      } finally {
        await holder.end();
      }
    },
    30_000,
  );
});

describe('staff tools, as npm run staff starts them', () => {
  it('--help lists every command and option', async () => {
    const { stdout } = await run(process.execPath, [...STAFF_CLI, '--help'], { encoding: 'utf8' });
    for (const word of [
      'export',
      'purge',
      'find',
      'delete',
      'backup',
      'audit',
      'DATABASE_URL',
      'pg_dump',
      '--email',
      '--phone',
      '--dry-run',
      '--older-than',
      '--since',
      '--format',
      '--data-dir',
    ])
      expect(stdout).toContain(word);
  }, 30_000);

  it('exports from PostgreSQL and ends: the rows on stdout, the count on stderr, status 0 (nothing left open keeps the process)', async () => {
    const site = await providerOn('postgres', postgres);
    try {
      await site.store.savePatientMessage(
        { category: 'other', medication: 'm', reason: '', name: MARK, phone: '13912345678', email: '', description: 'd' },
        { consent: 'v1', health_consent: 'v1' },
        '127.0.0.1',
      );
      const env = { ...environment, DATABASE_URL: await postgres.url(), STAFF_AUDIT_KEY: SHARED_KEY };
      const { stdout, stderr } = await run(process.execPath, [...STAFF_CLI, 'export', 'patients', '--format', 'json', '--data-dir', site.dataDir], {
        encoding: 'utf8',
        env,
        timeout: 30_000,
      });
      expect((JSON.parse(stdout) as { name: string }[]).map((row) => row.name)).toEqual([MARK]);
      expect(stderr).toBe('Exported 1 patient since 1970-01-01.\n');
    } finally {
      await site.close();
    }
  }, 60_000);

  it('exits with status 1 on a usage error, saying what is wrong on stderr only', () => {
    const { status, stdout, stderr } = spawnSync(process.execPath, [...STAFF_CLI, 'exprot'], { encoding: 'utf8' });
    expect({ status, stdout }).toEqual({ status: 1, stdout: '' });
    expect(stderr).toContain('Unknown command "exprot"');
  }, 30_000);
});
