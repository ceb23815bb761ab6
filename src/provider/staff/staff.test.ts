import { execFile, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { loadContentPack } from '../content/loadPack';
import { openDatabase } from '../sqliteDatabase';
import { AUDIT_FILE } from '../submissions/auditFile';
import { createTestDatabase, queryTestDatabase, postgresPerFile } from '../submissions/postgres.testing';
import { applicationBurst as burst, providerOn, startProviderProcess, STORE_KINDS, tempDataDir } from '../provider.testing';
import { STAFF_CLI, staffSucceeds, staffTool } from './staffTools.testing';

const run = promisify(execFile);
const csvRows = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
const postgres = postgresPerFile();

describe.each(STORE_KINDS)('staff tools on %s', (kind) => {
  type Site = Awaited<ReturnType<typeof providerOn>>;
  let site: Site | undefined;
  beforeEach(async () => {
    site = await providerOn(kind, postgres);
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });
  /** The tools find PostgreSQL through DATABASE_URL, as on a host of the site (whose hosts share STAFF_AUDIT_KEY). */
  const env = async (): Promise<NodeJS.ProcessEnv> =>
    kind === 'postgres' ? { ...process.env, DATABASE_URL: await postgres.url(), STAFF_AUDIT_KEY: 'k'.repeat(64) } : process.env;
  const staffOutcome = async (dataDir: string, ...args: string[]) => staffTool([...args, '--data-dir', dataDir], await env());
  const staff = async (dataDir: string, ...args: string[]) => staffSucceeds([...args, '--data-dir', dataDir], await env());
  const count = async () => (await site!.rows<{ n: number }>('SELECT COUNT(*) AS n FROM applications'))[0]!.n;
  const startSite = async (dataDir: string) =>
    startProviderProcess(dataDir, { TRUST_PROXY: '127.0.0.1', ...(kind === 'postgres' ? { DATABASE_URL: await postgres.url() } : {}) });

  describe('staff tools', () => {
    it('exports a consistent snapshot while the site takes a burst of submissions', async () => {
      const data = { dir: site!.dataDir };
      const { child, port } = await startSite(data.dir);
      const before = await count();
      // Exported once the burst has stored its first row: the export reads while the rest arrive.
      let firstStored = () => {};
      const stored = new Promise<void>((resolve) => (firstStored = resolve));
      const sent = burst(port, 300, 'export', () => firstStored());
      await stored;
      const { stdout } = await staff(data.dir, 'export', 'applications', '--since', '2000-01-01');
      const { acknowledged } = await sent;
      const after = await count();
      child.kill('SIGTERM');
      await once(child, 'exit');
      const rows = csvRows(stdout);
      // A save waits 3 s at most for a connection: with a core busy beside the other lanes, some of
      // 300 at once were refused, with an answer that says so. None acknowledged is lost.
      expect(acknowledged.length).toBeGreaterThan(0);
      const saved = new Set((await site!.rows<{ name: string }>("SELECT name FROM applications WHERE name LIKE 'export-%'")).map((row) => row.name));
      expect(acknowledged.filter((name) => !saved.has(name))).toEqual([]);
      expect(rows.length).toBeGreaterThan(before);
      expect(rows.length).toBeLessThanOrEqual(after);
      for (const row of rows) {
        expect(row.name).toMatch(/^export-\d+$/);
        expect(row).toMatchObject({ phone: '13800000000', email: 'a@b.com', job_id: '1', consent_version: '2026-01' });
        expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(row.consent_at).toBe(row.created_at);
      }
    }, 60_000);

    it('round-trips commas, quotes, newlines, Chinese and emoji through CSV, makes formulas inert, and exports JSON', async () => {
      const data = { dir: site!.dataDir };
      const tricky = { name: '陈, "小明"\n第二行 🙂', phone: '+8613800000000', email: 'a@b.com' };
      const formulas = ['=HYPERLINK("http://x","y")', '-2+3', '@SUM(A1)', '\tcmd', '\r\ncmd'];
      await site!.store.saveApplication({ id: 1, title: '质量检验员' }, tricky, { consent: '2026-01' }, '127.0.0.1');
      // Inserted directly: the form trims, but a CMS import or an older row need not have.
      for (const name of formulas)
        await site!.rows(
          "INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '1', 'a@b.com', 'x', ?)",
          name,
          new Date().toISOString(),
        );
      const { stdout } = await staff(data.dir, 'export', 'applications');
      expect(stdout.startsWith('\uFEFF')).toBe(true);
      const rows = csvRows(stdout);
      expect(rows[0]).toMatchObject({ name: tricky.name, phone: "'+8613800000000" });
      expect(rows.slice(1).map((r) => r.name)).toEqual(formulas.map((f) => `'${f}`));
      const json = JSON.parse((await staff(data.dir, 'export', 'applications', '--format', 'json')).stdout) as { name: string }[];
      expect(json.map((r) => r.name)).toEqual([tricky.name, ...formulas]);
      const header =
        'id,category,medication,reason,name,phone,email,description,client_ip,created_at,consent_version,health_consent_version,consent_at,reference,safety_flag';
      expect((await staff(data.dir, 'export', 'patients', '--since', '2099-01-01')).stdout).toBe(
        `\uFEFF${header
          .split(',')
          .map((name) => `"${name}"`)
          .join(',')}\r\n`,
      );
    }, 60_000);

    it('quotes every field: a line break followed by = stays in its cell, and full-width formula starts are made inert too', async () => {
      const data = { dir: site!.dataDir };
      const attacks = ['皮疹\n=1+1', '皮疹\r\n+HYPERLINK("http://x")', '＝1+1', '＋SUM(A1)', '－2+3', '＠SUM(A1)'];
      for (const text of attacks) {
        await site!.rows(
          "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '13800000000', '', ?, 'x', ?)",
          text,
          text,
          new Date().toISOString(),
        );
      }
      const { stdout } = await staff(data.dir, 'export', 'patients');
      // Parsed back as a spreadsheet reads it (a line break outside quotes ends the row): one record per message, none starting with a formula.
      const records = parse(stdout, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][];
      expect(records).toHaveLength(1 + attacks.length);
      for (const record of records) expect(record[0]).toMatch(/^(?:id|\d+)$/);
      const rows = csvRows(stdout);
      expect(rows.map((r) => r.name)).toEqual(['皮疹\n=1+1', '皮疹\r\n+HYPERLINK("http://x")', "'＝1+1", "'＋SUM(A1)", "'－2+3", "'＠SUM(A1)"]);
      expect(rows.map((r) => r.description)).toEqual(rows.map((r) => r.name));
      // In the bytes: every field quoted, the empty ones too, so a line inside a cell never reads as a row.
      const [headerLine, firstRow] = stdout.replace(/^\uFEFF/, '').split('\r\n');
      expect(headerLine).toMatch(/^"id","category",.*"safety_flag"$/);
      expect(firstRow).toMatch(/^"1","adverse","m","","皮疹\n=1\+1","13800000000","","皮疹\n=1\+1","x","[^"]+",/);
    }, 30_000);

    it('prints stored control and bidi characters escaped on every output (find, export JSON and CSV, delete and purge dry runs, errors)', async () => {
      const data = { dir: site!.dataDir };
      // Stored before the forms took such characters out: an OSC-8 link, a screen clear, an 8-bit CSI, a right-to-left override and a carriage return.
      const name = '\u001b]8;;https://evil.example\u0007张三\u001b]8;;\u0007\u001b[2J\u009b31m\u202eX\rhidden';
      await site!.rows(
        "INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, ?, 'zs@example.com', 'x', ?)",
        name,
        '138\u001b[8m00000000',
        new Date().toISOString(),
      );
      const outputs = [
        await staff(data.dir, 'find', '--email', 'zs@example.com'),
        await staff(data.dir, 'export', '--email', 'zs@example.com'),
        await staff(data.dir, 'export', 'applications'),
        await staff(data.dir, 'export', 'applications', '--format', 'json'),
        await staff(data.dir, 'delete', '--email', 'zs@example.com', '--dry-run'),
        await staff(data.dir, 'purge', '--dry-run'),
      ];
      const refused = await staffOutcome(data.dir, 'find', '--email', '\u001b[2Jnobody');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('\\u001b[2Jnobody');
      // Nothing that steers a terminal: only line breaks and tabs of the tools' own making.
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      const steering = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
      for (const { stdout, stderr } of [...outputs, refused])
        expect({ stdout, stderr, steering: steering.test(stdout + stderr) }).toMatchObject({ steering: false });
      const [found, person, csv, json] = outputs;
      const escapedName = '\\u001b]8;;https://evil.example\\u0007张三\\u001b]8;;\\u0007\\u001b[2J\\u009b31m\\u202eX\\u000dhidden';
      const [line, ...more] = found!.stdout.split('\n').filter(Boolean);
      expect(more).toEqual([]);
      expect(line!.split('\t')).toEqual(['applications', 'id 1', expect.stringMatching(/^\d{4}-/), escapedName, 'zs@example.com', '138\\u001b[8m00000000']);
      // JSON reads the escapes back as the stored text; the CSV cell shows them as text.
      expect((JSON.parse(person!.stdout) as { applications: { name: string }[] }).applications[0]!.name).toBe(name);
      expect((JSON.parse(json!.stdout) as { name: string }[])[0]!.name).toBe(name);
      expect(csvRows(csv!.stdout)[0]!.name).toBe(escapedName);
    }, 60_000);

    it('purges each kind after its own retention period, a dry run first', async () => {
      const data = { dir: site!.dataDir };
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
      const application = (name: string, at: string) =>
        site!.rows("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '1', 'a@b.com', 'x', ?)", name, at);
      const message = (name: string, at: string) =>
        site!.rows(
          "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '1', '', 'd', 'x', ?)",
          name,
          at,
        );
      await application('recent application', daysAgo(100));
      await application('old application', daysAgo(200));
      await message('report of last year', daysAgo(200));
      await message('report past the pharmacovigilance period', daysAgo(11 * 365));
      const names = async () =>
        [
          ...(await site!.rows<{ name: string }>('SELECT name FROM applications ORDER BY id')),
          ...(await site!.rows<{ name: string }>('SELECT name FROM patient_messages ORDER BY id')),
        ].map((row) => row.name);
      const dry = await staff(data.dir, 'purge', '--dry-run');
      expect(dry.stderr).toMatch(/Would purge 1 applications .*\n.*Would purge 1 patients/);
      expect(await names()).toHaveLength(4);
      const { stderr } = await staff(data.dir, 'purge');
      expect(stderr).toMatch(/Purged 1 applications .*\n.*Purged 1 patients/);
      expect(await names()).toEqual(['recent application', 'report of last year']);
      await staff(data.dir, 'purge', 'applications', '--older-than', '50d');
      expect(await names()).toEqual(['report of last year']);
      for (const args of [
        ['purge', '--older-than', '365d'],
        ['purge', 'applications', '--older-than', 'a year'],
      ]) {
        const bad = await staffOutcome(data.dir, ...args);
        expect(bad.status).toBe(1);
      }
      expect(await names()).toEqual(['report of last year']);
    }, 30_000);

    it('backs up online during a burst; the restored copy is intact and holds every acknowledged row', async () => {
      const data = { dir: site!.dataDir };
      const { child, port } = await startSite(data.dir);
      const { acknowledged: acknowledgedBefore } = await burst(port, 100, 'early');
      const late = burst(port, 200, 'late');
      const backup = join(data.dir, kind === 'postgres' ? 'backup.dump' : 'backup.sqlite');
      await staff(data.dir, 'backup', backup);
      await late;
      child.kill('SIGTERM');
      await once(child, 'exit');
      expect(statSync(backup).mode & 0o777).toBe(0o600);
      let names: Set<string>;
      if (kind === 'postgres') {
        // Restored into a new database with pg_restore, as src/provider/submissions/README.md says.
        const restored = await createTestDatabase();
        try {
          await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, backup]);
          names = new Set((await queryTestDatabase<{ name: string }>(restored.url, 'SELECT name FROM applications')).map((row) => row.name));
        } finally {
          await restored.drop();
        }
      } else {
        // Restore into a fresh data directory, as src/provider/staff/README.md says, and start the provider on it.
        const restored = tempDataDir();
        copyFileSync(backup, join(restored.dir, 'provider.sqlite'));
        const db = await openDatabase(restored.dir, loadContentPack());
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        names = new Set(db.prepare('SELECT name FROM applications').pluck().all() as string[]);
        db.close();
        restored.remove();
      }
      expect(acknowledgedBefore.filter((name) => !names.has(name))).toEqual([]);
    }, 60_000);
  });
});

describe('a staff command whose audit entry cannot be written (the SQLite audit log turned into a folder)', () => {
  it('prints nothing and keeps no backup: no personal data leaves unaudited', async () => {
    const site = await providerOn('sqlite', postgres);
    try {
      const message = { category: 'adverse', medication: '炉甘石洗剂', reason: '', name: '王芳', phone: '13800000000', email: 'a@b.com', description: '发红' };
      await site.store.savePatientMessage(message, { consent: '2026-01', health_consent: '2026-01' }, '');
      mkdirSync(join(site.dataDir, AUDIT_FILE));
      const staffSync = (...args: string[]) => spawnSync(process.execPath, [...STAFF_CLI, ...args, '--data-dir', site.dataDir], { encoding: 'utf8' });
      for (const args of [
        ['export', 'patients'],
        ['find', '--email', 'a@b.com'],
        ['export', '--email', 'a@b.com'],
      ]) {
        const { status, stdout } = staffSync(...args);
        expect({ args, failed: status !== 0, stdout }).toEqual({ args, failed: true, stdout: '' });
      }
      const backup = join(site.dataDir, 'backup.sqlite');
      expect(staffSync('backup', backup).status).not.toBe(0);
      expect(existsSync(backup)).toBe(false);
    } finally {
      await site.close();
    }
  }, 60_000);
});
