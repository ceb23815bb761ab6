/**
 * What staff need to answer a person's request and keep the privacy notice's promises: find,
 * export and delete by e-mail or phone, deleted data gone from the file and the WAL, private
 * backups, an audit line per action, and a help text.
 */
import { execFile, spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from '../sqliteDriver';
import { loadContentPack } from '../content/loadPack';
import { DATABASE_FILE, openDatabase } from '../database';
import { createRepository } from '../repository';
import { tempDataDir } from '../testing';
import { AUDIT_FILE, AUDIT_KEY_FILE, subjectHash } from './audit';

const run = promisify(execFile);
const { STAFF_AUDIT_KEY: _ignored, ...environment } = process.env;
const staff = (dataDir: string, ...args: string[]) => run(process.execPath, ['--import', 'tsx', 'src/provider/staff/cli.ts', ...args, '--data-dir', dataDir], { encoding: 'utf8', env: environment });
const MARK = 'Zhang-Unique-7731';

function seeded() {
  const data = tempDataDir();
  const db = openDatabase(data.dir, loadContentPack());
  const repo = createRepository(db);
  repo.saveApplication({ id: 1, title: '质量检验员' }, { name: MARK, phone: '+86 139 1234 5678', email: 'Zhang.San@pku.edu.cn' }, { consent: 'v1' }, '127.0.0.1');
  repo.saveApplication({ id: 1, title: '质量检验员' }, { name: 'Someone else', phone: '13800000000', email: 'other@example.com' }, { consent: 'v1' }, '127.0.0.1');
  repo.savePatientMessage({ category: 'other', medication: '软膏', reason: '', name: MARK, phone: '13912345678', email: '', description: MARK }, { consent: 'v1', health_consent: 'v1' }, '127.0.0.1');
  return { data, db };
}

/**
 * The bytes on disk, read as the files are (latin1 keeps every byte): the database file and its
 * WAL, where SQLite keeps the earlier versions of every page it changed until a checkpoint.
 */
const onDisk = (dir: string) => {
  const bytes = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)).toString('latin1') : '');
  return { database: bytes(DATABASE_FILE), wal: bytes(`${DATABASE_FILE}-wal`) };
};
const auditLines = (dir: string) => readFileSync(join(dir, AUDIT_FILE), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

describe('a person\'s request', () => {
  it('finds and exports a person\'s submissions by e-mail (any case) or phone (with or without the country code)', async () => {
    const { data, db } = seeded();
    db.close();
    const found = await staff(data.dir, 'find', '--email', 'zhang.san@PKU.edu.cn');
    expect(found.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^applications\tid 1\t.*Zhang-Unique-7731/)]);
    const exported = JSON.parse((await staff(data.dir, 'export', '--phone', '139 1234 5678')).stdout) as Record<string, Record<string, unknown>[]>;
    expect(exported.applications!.map((row) => row.name)).toEqual([MARK]);
    expect(exported.patients!.map((row) => row.description)).toEqual([MARK]);
    expect(exported.applications![0]).toMatchObject({ job_title: '质量检验员', consent_version: 'v1' });
    data.remove();
  }, 30_000);

  it('matches a phone as a whole national number: a landline never finds the end of a stranger\'s mobile, a country code on the asking side still finds the person', async () => {
    const { data, db } = seeded();
    db.close();
    const stranger = JSON.parse((await staff(data.dir, 'export', '--phone', '12345678')).stdout) as Record<string, unknown[]>;
    expect([...stranger.applications!, ...stranger.patients!]).toEqual([]);
    const withCode = JSON.parse((await staff(data.dir, 'export', '--phone', '+86 139 1234 5678')).stdout) as Record<string, Record<string, unknown>[]>;
    expect(withCode.patients!.map((row) => row.description)).toEqual([MARK]);
    expect(withCode.applications!.map((row) => row.name)).toEqual([MARK]);
    data.remove();
  }, 30_000);

  // The site holds the database open throughout, as it does while running: closing the last
  // connection would checkpoint and delete the WAL by itself and hide a WAL left full of old rows.
  it('deletes them (a dry run first), leaves everyone else, and the data is gone from the file and the WAL', async () => {
    const { data, db } = seeded();
    const before = onDisk(data.dir);
    expect(before.wal).toContain(MARK);
    expect(before.wal).toContain('pku.edu.cn');
    const dry = await staff(data.dir, 'delete', '--phone', '13912345678', '--dry-run');
    expect(dry.stderr).toContain('Would delete 1 applications and 1 patient messages');
    expect(db.prepare('SELECT COUNT(*) FROM applications').pluck().get()).toBe(2);
    await staff(data.dir, 'delete', '--phone', '13912345678');
    expect(db.prepare('SELECT name FROM applications').pluck().all()).toEqual(['Someone else']);
    expect(db.prepare('SELECT COUNT(*) FROM patient_messages').pluck().get()).toBe(0);
    const after = onDisk(data.dir);
    for (const [file, bytes] of Object.entries(after)) {
      expect({ file, mark: bytes.includes(MARK), email: bytes.includes('pku.edu.cn') }).toEqual({ file, mark: false, email: false });
    }
    expect(after.database).toContain('Someone else'); // the file does hold the rows that stay
    db.close();
    data.remove();
  }, 30_000);

  it('a purge, too, leaves nothing of the rows in the file or the WAL', async () => {
    const { data, db } = seeded();
    db.prepare("UPDATE applications SET created_at = '2020-01-01T00:00:00.000Z'").run();
    expect(onDisk(data.dir).wal).toContain('pku.edu.cn');
    await staff(data.dir, 'purge', 'applications');
    expect(db.prepare('SELECT COUNT(*) FROM applications').pluck().get()).toBe(0);
    // The applications' e-mails are gone from both files; the patient message, kept for the
    // pharmacovigilance period, is still there.
    const after = onDisk(data.dir);
    for (const [file, bytes] of Object.entries(after)) expect({ file, email: bytes.includes('pku.edu.cn') }).toEqual({ file, email: false });
    expect(after.database + after.wal).toContain(MARK);
    db.close();
    data.remove();
  }, 30_000);

  it('writes one audit line per action, naming the person by a hash only', async () => {
    const { data, db } = seeded();
    db.close();
    await staff(data.dir, 'find', '--email', 'zhang.san@pku.edu.cn');
    await staff(data.dir, 'delete', '--email', 'zhang.san@pku.edu.cn');
    await staff(data.dir, 'purge', '--dry-run');
    const lines = auditLines(data.dir);
    expect(lines.map((line) => line.action)).toEqual(['find person', 'delete person', 'purge (dry run)']);
    expect(lines[1]).toMatchObject({ subject: subjectHash(data.dir, { email: 'Zhang.San@pku.edu.cn' }, environment), rows: { applications: 1, patients: 0 }, by: expect.any(String), at: expect.any(String) });
    const text = readFileSync(join(data.dir, AUDIT_FILE), 'utf8');
    expect(text).not.toMatch(/pku|zhang/i);
    expect(statSync(join(data.dir, AUDIT_FILE)).mode & 0o777).toBe(0o600);
    data.remove();
  }, 30_000);

  it('names a person by an HMAC-SHA-256 with a secret key (a 0600 file made on first use) of the identifier as find compares it: one person, one hash', async () => {
    const { data, db } = seeded();
    db.close();
    for (const phone of ['+86 139 1234 5678', '13912345678', '0086-139-1234-5678']) await staff(data.dir, 'find', '--phone', phone);
    await staff(data.dir, 'export', '--email', ' Zhang.San@PKU.edu.cn ');
    await staff(data.dir, 'delete', '--email', 'zhang.san@pku.edu.cn', '--dry-run');
    const keyFile = join(data.dir, AUDIT_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const hmac = (identifier: string) => `hmac-sha256:${createHmac('sha256', key).update(identifier).digest('hex')}`;
    expect(auditLines(data.dir).map((line) => line.subject)).toEqual([...Array(3).fill(hmac('13912345678')), ...Array(2).fill(hmac('zhang.san@pku.edu.cn'))]);
    // Not the bare SHA-256 anyone can recompute by trying every 11-digit number.
    const text = readFileSync(join(data.dir, AUDIT_FILE), 'utf8');
    for (const identifier of ['13912345678', '+86 139 1234 5678', 'zhang.san@pku.edu.cn']) expect(text).not.toContain(createHash('sha256').update(identifier).digest('hex'));
    data.remove();
  }, 30_000);

  it('takes the key from STAFF_AUDIT_KEY when set (and makes no key file); a short key stops the command before it deletes', async () => {
    const { data, db } = seeded();
    db.close();
    const secret = 'k'.repeat(40);
    const withKey = (key: string, ...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/provider/staff/cli.ts', ...args, '--data-dir', data.dir], { encoding: 'utf8', env: { ...environment, STAFF_AUDIT_KEY: key } });
    const tooShort = withKey('short', 'delete', '--phone', '13912345678');
    expect(tooShort.status).toBe(1);
    expect(tooShort.stderr).toContain('STAFF_AUDIT_KEY must be at least 32 characters');
    expect(withKey(secret, 'find', '--phone', '139 1234 5678').status).toBe(0);
    expect(auditLines(data.dir).map((line) => line.subject)).toEqual([`hmac-sha256:${createHmac('sha256', secret).update('13912345678').digest('hex')}`]);
    expect(existsSync(join(data.dir, AUDIT_KEY_FILE))).toBe(false);
    const left = new Database(join(data.dir, DATABASE_FILE), { readonly: true });
    expect(left.prepare('SELECT COUNT(*) FROM patient_messages').pluck().get()).toBe(1);
    left.close();
    data.remove();
  }, 30_000);
});

describe('staff tools', () => {
  it('--help lists every command and option', async () => {
    const { stdout } = await staff('.', '--help');
    for (const word of ['export', 'purge', 'find', 'delete', 'backup', '--email', '--phone', '--dry-run', '--older-than', '--since', '--format', '--data-dir']) expect(stdout).toContain(word);
  }, 30_000);

  it('writes a backup only its owner can read, in a private folder', async () => {
    const { data, db } = seeded();
    db.close();
    const target = join(data.dir, 'backups', 'b.sqlite');
    await staff(data.dir, 'backup', target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(statSync(join(data.dir, 'backups')).mode & 0o777).toBe(0o700);
    const copy = new Database(target, { readonly: true });
    expect(copy.prepare('SELECT COUNT(*) FROM applications').pluck().get()).toBe(2);
    copy.close();
    data.remove();
  }, 30_000);
});
