import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from '../sqliteDriver';
import { parse } from 'csv-parse/sync';
import { loadContentPack } from '../content/loadPack';
import { openDatabase } from '../database';
import { createRepository } from '../repository';
import { applicationBurst as burst, startProviderProcess, tempDataDir } from '../testing';

const run = promisify(execFile);
const staff = (dataDir: string, ...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/provider/staff/cli.ts', ...args, '--data-dir', dataDir], { encoding: 'utf8', maxBuffer: 1 << 26 });
const csvRows = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];

const count = (dir: string) => {
  const db = new Database(join(dir, 'provider.sqlite'), { readonly: true });
  const n = db.prepare('SELECT COUNT(*) FROM applications').pluck().get() as number;
  db.close();
  return n;
};

describe('staff tools', () => {
  it('exports a consistent snapshot while the site takes a burst of submissions', async () => {
    const data = tempDataDir();
    const { child, port } = await startProviderProcess(data.dir, { TRUST_PROXY: '127.0.0.1' });
    const before = count(data.dir);
    const sent = burst(port, 300, 'export');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { stdout } = await staff(data.dir, 'export', 'applications', '--since', '2000-01-01');
    const acknowledged = await sent;
    const after = count(data.dir);
    child.kill('SIGTERM');
    const rows = csvRows(stdout);
    expect(acknowledged).toHaveLength(300);
    expect(rows.length).toBeGreaterThanOrEqual(before);
    expect(rows.length).toBeLessThanOrEqual(after);
    for (const row of rows) {
      expect(row.name).toMatch(/^export-\d+$/);
      expect(row).toMatchObject({ phone: '1', email: 'a@b.com', job_id: '1', consent_version: '2026-01' });
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(row.consent_at).toBe(row.created_at);
    }
    data.remove();
  }, 60_000);

  it('round-trips commas, quotes, newlines, Chinese and emoji through CSV, makes formulas inert, and exports JSON', async () => {
    const data = tempDataDir();
    const db = openDatabase(data.dir, loadContentPack());
    const repo = createRepository(db);
    const tricky = { name: '陈, "小明"\n第二行 🙂', phone: '+8613800000000', email: 'a@b.com' };
    const formulas = ['=HYPERLINK("http://x","y")', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    repo.saveApplication({ id: 1, title: '质量检验员' }, tricky, { consent: '2026-01' }, '127.0.0.1');
    // Inserted directly: the form trims, but a CMS import or an older row need not have.
    const insert = db.prepare("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '1', 'a@b.com', 'x', ?)");
    for (const name of formulas) insert.run(name, new Date().toISOString());
    db.close();
    const { stdout } = await staff(data.dir, 'export', 'applications');
    expect(stdout.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(stdout);
    expect(rows[0]).toMatchObject({ name: tricky.name, phone: "'+8613800000000" });
    expect(rows.slice(1).map((r) => r.name)).toEqual(formulas.map((f) => `'${f}`));
    const json = JSON.parse((await staff(data.dir, 'export', 'applications', '--format', 'json')).stdout) as { name: string }[];
    expect(json.map((r) => r.name)).toEqual([tricky.name, ...formulas]);
    expect((await staff(data.dir, 'export', 'patients', '--since', '2099-01-01')).stdout).toBe('\uFEFFid,category,medication,reason,name,phone,email,description,client_ip,created_at,consent_version,health_consent_version,consent_at,reference,safety_flag\r\n');
    data.remove();
  }, 60_000);

  it('purges each kind after its own retention period, a dry run first', async () => {
    const data = tempDataDir();
    const db = openDatabase(data.dir, loadContentPack());
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const application = db.prepare("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '1', 'a@b.com', 'x', ?)");
    const message = db.prepare("INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '1', '', 'd', 'x', ?)");
    application.run('recent application', daysAgo(100));
    application.run('old application', daysAgo(200));
    message.run('report of last year', daysAgo(200));
    message.run('report past the pharmacovigilance period', daysAgo(11 * 365));
    db.close();
    const names = () => {
      const left = new Database(join(data.dir, 'provider.sqlite'), { readonly: true });
      const all = [...(left.prepare('SELECT name FROM applications').pluck().all() as string[]), ...(left.prepare('SELECT name FROM patient_messages').pluck().all() as string[])];
      left.close();
      return all;
    };
    const dry = await staff(data.dir, 'purge', '--dry-run');
    expect(dry.stderr).toMatch(/Would purge 1 applications .*\n.*Would purge 1 patients/);
    expect(names()).toHaveLength(4);
    const { stderr } = await staff(data.dir, 'purge');
    expect(stderr).toMatch(/Purged 1 applications .*\n.*Purged 1 patients/);
    expect(names()).toEqual(['recent application', 'report of last year']);
    await staff(data.dir, 'purge', 'applications', '--older-than', '50d');
    expect(names()).toEqual(['report of last year']);
    for (const args of [['purge', '--older-than', '365d'], ['purge', 'applications', '--older-than', 'a year']]) {
      const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/provider/staff/cli.ts', ...args, '--data-dir', data.dir], { encoding: 'utf8' });
      expect(bad.status).toBe(1);
    }
    expect(names()).toEqual(['report of last year']);
    data.remove();
  }, 30_000);

  it('backs up online during a burst; the restored copy is intact and holds every acknowledged row', async () => {
    const data = tempDataDir();
    const { child, port } = await startProviderProcess(data.dir, { TRUST_PROXY: '127.0.0.1' });
    const acknowledgedBefore = await burst(port, 100, 'early');
    const late = burst(port, 200, 'late');
    const backup = join(data.dir, 'backup.sqlite');
    await staff(data.dir, 'backup', backup);
    await late;
    child.kill('SIGTERM');
    // Restore into a fresh data directory, as the README says, and start the provider on it.
    const restored = tempDataDir();
    copyFileSync(backup, join(restored.dir, 'provider.sqlite'));
    const db = openDatabase(restored.dir, loadContentPack());
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const names = new Set(db.prepare('SELECT name FROM applications').pluck().all() as string[]);
    expect(acknowledgedBefore.filter((name) => !names.has(name))).toEqual([]);
    db.close();
    data.remove();
    restored.remove();
  }, 60_000);
});
