/**
 * The privacy notice's retention kept by the provider itself: a provider that is started runs
 * the purge by itself (first shortly after start, then daily), with `npm run staff -- purge`'s
 * periods, logs each kind with its count, and cuts visitors' addresses older than 30 days to
 * their network.
 */
import { Writable } from 'node:stream';
import { join } from 'node:path';
import Database from './sqliteDriver';
import { loadContentPack } from './content/loadPack';
import { DATABASE_FILE, openDatabase } from './database';
import { logOptions } from './logging';
import { DAILY_RETENTION } from './retentionSchedule';
import { startProvider } from './startProvider';
import { RETENTION_DAYS, truncateAddress } from './staff/retention';
import { tempDataDir } from './testing';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

function seed(dir: string) {
  const db = openDatabase(dir, loadContentPack());
  const application = db.prepare("INSERT INTO applications (job_id, name, phone, email, client_ip, created_at) VALUES (1, ?, '13800000000', 'a@b.com', ?, ?)");
  const message = db.prepare("INSERT INTO patient_messages (category, medication, reason, name, phone, email, description, client_ip, created_at) VALUES ('adverse', 'm', '', ?, '13800000000', '', 'd', ?, ?)");
  application.run('past the period', '203.0.113.77', daysAgo(RETENTION_DAYS.applications + 1));
  application.run('two months old', '203.0.113.78', daysAgo(60));
  application.run('yesterday', '203.0.113.79', daysAgo(1));
  message.run('past the pharmacovigilance period', '198.51.100.9', daysAgo(RETENTION_DAYS.patients + 1));
  message.run('last year', '2001:db8:1234:5678:9abc::1', daysAgo(365));
  message.run('forty days, mapped IPv4', '::ffff:198.51.100.23', daysAgo(40));
  message.run('twenty-nine days', '2001:db8:1234:5678::2', daysAgo(29));
  db.close();
}

function collect() {
  const lines: Record<string, any>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
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
    seed(data.dir);
    const log = collect();
    const provider = await startProvider({ port: 0, dataDir: data.dir, logger: { ...logOptions('provider'), stream: log.stream }, retention: { firstRunMs: 50, everyMs: DAILY_RETENTION.everyMs } });
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

  it('a later run finds nothing left to do (a cut address is not cut again)', async () => {
    const data = tempDataDir();
    seed(data.dir);
    const log = collect();
    const provider = await startProvider({ port: 0, dataDir: data.dir, logger: { ...logOptions('provider'), stream: log.stream }, retention: { firstRunMs: 10, everyMs: 100 } });
    await until(() => log.lines.filter((line) => line.retention).length >= 8);
    await provider.close();
    expect(log.lines.filter((line) => line.retention).slice(4, 8).map((line) => line.rows)).toEqual([0, 0, 0, 0]);
    data.remove();
  }, 30_000);

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
