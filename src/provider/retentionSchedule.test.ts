/**
 * The privacy notice's retention kept by the provider itself: a provider that is started runs
 * the purge by itself (first shortly after start, then daily), with `npm run staff -- purge`'s
 * periods, logs each kind with its count, and cuts visitors' addresses older than 30 days to
 * their network.
 */
import { join } from 'node:path';
import Database from './sqliteDriver';
import { loadContentPack } from './content/loadPack';
import { DATABASE_FILE, openDatabase } from './sqliteDatabase';
import { logOptions } from '../http/logging';
import { logLines } from '../http/logging.testing';
import { DAILY_RETENTION } from './retentionSchedule';
import { startProvider } from './startProvider';
import { dailyRetention, RETENTION_DAYS, truncateAddress } from './submissions/retention';
import { createSqliteStore } from './submissions/sqliteStore';
import { beijingDay } from './submissions/caseReference';
import { tempDataDir } from './provider.testing';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

async function seed(dir: string) {
  const db = await openDatabase(dir, loadContentPack());
  const application = db.prepare("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '13800000000', 'a@b.com', ?, ?)");
  const message = db.prepare(
    "INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '13800000000', '', 'd', ?, ?)",
  );
  application.run('past the period', '203.0.113.77', daysAgo(RETENTION_DAYS.applications + 1));
  application.run('two months old', '203.0.113.78', daysAgo(60));
  application.run('yesterday', '203.0.113.79', daysAgo(1));
  message.run('past the pharmacovigilance period', '198.51.100.9', daysAgo(RETENTION_DAYS.patients + 1));
  message.run('last year', '2001:db8:1234:5678:9abc::1', daysAgo(365));
  message.run('forty days, mapped IPv4', '::ffff:198.51.100.23', daysAgo(40));
  message.run('twenty-nine days', '2001:db8:1234:5678::2', daysAgo(29));
  db.close();
}

const until = async (condition: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('retention run by the provider', () => {
  it('purges past the periods and cuts addresses older than 30 days by itself shortly after start, logging each kind with its count', async () => {
    const data = tempDataDir();
    await seed(data.dir);
    const log = logLines();
    const provider = await startProvider({
      port: 0,
      dataDir: data.dir,
      logger: { ...logOptions('provider'), stream: log.stream },
      retention: { firstRunMs: 50, everyMs: DAILY_RETENTION.everyMs },
    });
    const retention = () => log.lines.filter((line) => line.retention);
    await until(() => retention().length >= 4);
    await provider.close();
    expect(retention().map(({ retention: what, kind, rows, level }) => ({ what, kind, rows, level }))).toEqual([
      { what: 'purge', kind: 'applications', rows: 1, level: 30 },
      { what: 'purge', kind: 'patients', rows: 1, level: 30 },
      { what: 'client_ip', kind: 'applications', rows: 1, level: 30 },
      { what: 'client_ip', kind: 'patients', rows: 2, level: 30 },
    ]);
    expect(JSON.stringify(log.lines)).not.toMatch(/203\.0\.113|198\.51\.100|2001:db8/);
    const db = new Database(join(data.dir, DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT name, client_ip FROM applications ORDER BY id').all()).toEqual([
      { name: 'two months old', client_ip: '203.0.113.0/24' },
      { name: 'yesterday', client_ip: '203.0.113.79' },
    ]);
    expect(db.prepare('SELECT name, client_ip FROM patient_messages ORDER BY id').all()).toEqual([
      { name: 'last year', client_ip: '2001:db8:1234::/48' },
      { name: 'forty days, mapped IPv4', client_ip: '198.51.100.0/24' },
      { name: 'twenty-nine days', client_ip: '2001:db8:1234:5678::2' },
    ]);
    db.close();
    data.remove();
  }, 30_000);

  it('runs once a day: a second run the same day is left to the first; the next day finds nothing left to do', async () => {
    const data = tempDataDir();
    await seed(data.dir);
    const log = logLines();
    let clock = new Date();
    const provider = await startProvider({
      port: 0,
      dataDir: data.dir,
      logger: { ...logOptions('provider'), stream: log.stream },
      retention: { firstRunMs: 10, everyMs: 100, now: () => clock },
    });
    await until(() => log.lines.some((line) => line.retention === 'claimed'));
    clock = new Date(clock.getTime() + 86_400_000);
    await until(() => log.lines.filter((line) => line.retention === 'purge').length >= 4);
    await provider.close();
    const lines = log.lines.filter((line) => line.retention);
    const firstClaimed = lines.findIndex((line) => line.retention === 'claimed');
    expect(lines.slice(0, firstClaimed).map((line) => line.retention)).toEqual(['purge', 'purge', 'client_ip', 'client_ip']);
    const nextDay = lines.filter((line) => line.retention !== 'claimed').slice(4, 8);
    // A day later only the message stored 29 days ago has reached its 30 days.
    expect(nextDay.map((line) => [line.retention, line.rows])).toEqual([
      ['purge', 0],
      ['purge', 0],
      ['client_ip', 0],
      ['client_ip', 1],
    ]);
    const db = new Database(join(data.dir, DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT day, failure FROM job_runs ORDER BY day').all()).toEqual([
      { day: beijingDay(new Date(clock.getTime() - 86_400_000)), failure: null },
      { day: beijingDay(clock), failure: null },
    ]);
    db.close();
    data.remove();
  }, 30_000);

  it('logs a run that fails, records the failure with its day, and runs again the next day', async () => {
    const data = tempDataDir();
    await seed(data.dir);
    const held = new Database(join(data.dir, DATABASE_FILE));
    held.exec("CREATE TRIGGER legal_hold BEFORE DELETE ON applications BEGIN SELECT RAISE(ABORT, 'applications on legal hold'); END");
    held.close();
    const log = logLines();
    let clock = new Date();
    const provider = await startProvider({
      port: 0,
      dataDir: data.dir,
      logger: { ...logOptions('provider'), stream: log.stream },
      retention: { firstRunMs: 10, everyMs: 100, now: () => clock },
    });
    await until(() => log.lines.some((line) => line.retention === 'failed'));
    const db = new Database(join(data.dir, DATABASE_FILE));
    db.exec('DROP TRIGGER legal_hold');
    clock = new Date(clock.getTime() + 86_400_000);
    await until(() => log.lines.some((line) => line.retention === 'purge'));
    await provider.close();
    expect(log.lines.find((line) => line.retention === 'failed')).toMatchObject({
      level: 50,
      msg: 'retention: the daily purge failed; it runs again tomorrow',
    });
    expect(db.prepare('SELECT day, failure FROM job_runs ORDER BY day').all()).toEqual([
      { day: beijingDay(new Date(clock.getTime() - 86_400_000)), failure: 'applications on legal hold' },
      { day: beijingDay(clock), failure: null },
    ]);
    db.close();
    data.remove();
  }, 30_000);

  it('reports a purge whose erasure failed as done, saying what it could not guarantee', async () => {
    const data = tempDataDir();
    await seed(data.dir);
    const db = await openDatabase(data.dir, loadContentPack());
    const store = createSqliteStore(db);
    // As a PostgreSQL store fails (a VACUUM past its statement timeout): the advice is that VACUUM.
    const stuck = { ...store, kind: 'postgres' as const, eraseDeleted: () => Promise.reject(new Error('canceling statement due to statement timeout')) };
    const outcome = await dailyRetention(stuck, new Date());
    expect(outcome.purged.map(({ kind, rows }) => ({ kind, rows }))).toEqual([
      { kind: 'applications', rows: 1 },
      { kind: 'patients', rows: 1 },
    ]);
    expect(outcome.notErased).toEqual([
      "the rows are deleted, but the space they took could not be overwritten: canceling statement due to statement timeout. When the database is quiet, run in psql, as the tables' owner: VACUUM (VERBOSE, INDEX_CLEANUP ON) applications, patient_messages;",
    ]);
    db.close();
    data.remove();
  });

  it('runs daily, first within a few minutes of a start', () => {
    expect(DAILY_RETENTION.everyMs).toBe(86_400_000);
    expect(DAILY_RETENTION.firstRunMs).toBeGreaterThan(0);
    expect(DAILY_RETENTION.firstRunMs).toBeLessThanOrEqual(5 * 60_000);
  });

  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['::ffff:203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:1234:5678::1', '2001:db8:1234::/48'],
    ['2001:0db8:0000:abcd:1::', '2001:db8::/48'],
    ['fe80::1%eth0', 'fe80::/48'],
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['not an address', ''],
  ])('cuts %s to %s', (address, network) => {
    expect(truncateAddress(address)).toBe(network);
  });
});
