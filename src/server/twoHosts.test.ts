/**
 * Two hosts, one truth: two hosts of the site (site and embedded provider each, as `npm start`
 * runs them) on one PostgreSQL behind Debian's nginx. Patient messages go through nginx to both
 * hosts; one host is killed while they flow. Every message acknowledged (code 0, with its case
 * reference) is in the database, once, with a reference no other message has; the surviving host's
 * staff export finds them all; pages keep being served (nginx tries the other host for a GET).
 * Prints the figures: messages sent, acknowledged, hosts stopped, messages found.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx, type RunningNginx } from '../../tests/cdn/nginx';
import { stopProcesses } from '../../tests/cdn/processes';
import { ENDPOINT } from '../contracts/endpoints';
import { createTestDatabase, type TestDatabase } from '../provider/submissions/testPostgres';
import { spawnListening } from '../provider/testing';
import { fakeDist } from './testing';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '..', '..');
const MESSAGES = 60;
const KILL_AFTER = 20;
const STREAMS = 4;
/** The same on every host, as the README says. */
const AUDIT_KEY = 'two-hosts-audit-key-0123456789abcdef';

let database: TestDatabase;
let dir: string;
let dist: string;
let hosts: { child: ChildProcess; port: number }[] = [];
let nginx: RunningNginx;

/** One host as `npm start` runs it (site and embedded provider), submissions in the shared PostgreSQL database. */
function startHost(name: string): Promise<{ child: ChildProcess; port: number }> {
  return spawnListening('src/server/start.ts', {
    PORT: '0', PROVIDER_PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: '1', LOG_LEVEL: 'warn',
    DATABASE_URL: database.url, DATA_DIR: mkdtempSync(join(dir, `${name}-`)), DIST_DIR: dist, TRUST_PROXY: '127.0.0.1', STAFF_AUDIT_KEY: AUDIT_KEY,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'site-two-hosts-'));
  dist = fakeDist();
  // One after the other: the second finds the schema migrated (startTogether.test.ts races them).
  hosts = [await startHost('a'), await startHost('b')];
  nginx = await startNginx(dir, hosts.map((host) => host.port));
});

afterAll(async () => {
  await nginx?.stop();
  await stopProcesses(hosts.map((host) => host.child));
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

/** One patient message through nginx from its own visitor address: its reference when acknowledged, else null. */
async function send(n: number): Promise<string | null> {
  try {
    const res = await fetch(`${nginx.url}/api${ENDPOINT.patientSubmit}?lan=zh`, {
      method: 'POST',
      headers: { 'x-forwarded-for': `203.0.113.${n}` },
      body: new URLSearchParams({ category: 'medical', medication: '复方樟脑软膏', reason: '湿疹', name: `患者${n}`, phone: `1380000${String(n).padStart(4, '0')}`, email: '', description: `第 ${n} 条`, consent: '2026-01', health_consent: '2026-01' }),
    });
    const body = (await res.json()) as { code: number; data?: { reference?: string } };
    return body.code === 0 && body.data?.reference ? body.data.reference : null;
  } catch {
    return null;
  }
}

function staff(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'provider', 'staff', 'cli.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: mkdtempSync(join(dir, 'staff-')), STAFF_AUDIT_KEY: AUDIT_KEY },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm run staff -- ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
}

describe('two hosts on one PostgreSQL behind nginx', () => {
  it('loses no acknowledged message when a host is killed, and either host sees them all', async () => {
    const acknowledged: string[] = [];
    const pagesServed: number[] = [];
    let next = 1;
    let killed = false;
    const stream = async () => {
      for (let n = next++; n <= MESSAGES; n = next++) {
        const reference = await send(n);
        if (reference) acknowledged.push(reference);
        if (!killed && acknowledged.length >= KILL_AFTER) {
          killed = true;
          hosts[1]!.child.kill('SIGKILL');
        }
        pagesServed.push((await fetch(`${nginx.url}/about`)).status);
      }
    };
    await Promise.all(Array.from({ length: STREAMS }, stream));

    const exported = JSON.parse(staff('export', 'patients', '--format', 'json')) as { reference: string; description: string }[];
    const found = new Set(exported.map((row) => row.reference));
    console.log(
      `Two hosts on one PostgreSQL behind nginx: ${MESSAGES} messages sent, ${acknowledged.length} acknowledged, 1 host killed after ${KILL_AFTER}, ` +
        `${exported.length} found by the staff export, ${acknowledged.filter((reference) => found.has(reference)).length} of the acknowledged among them; ` +
        `pages during the run: ${pagesServed.filter((status) => status === 200).length}/${pagesServed.length} answered 200`,
    );
    expect(killed).toBe(true);
    // Every acknowledged message is stored; none twice; no reference shared.
    expect(acknowledged.filter((reference) => !found.has(reference))).toEqual([]);
    expect(found.size).toBe(exported.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    // A message that reached a host whole is stored whole: every row has its description.
    expect(exported.every((row) => /^第 \d+ 条$/.test(row.description))).toBe(true);
    // The surviving host took the rest: more acknowledged after the kill than before it.
    expect(acknowledged.length).toBeGreaterThan(KILL_AFTER + (MESSAGES - KILL_AFTER) / 2);
    expect(pagesServed.every((status) => status === 200)).toBe(true);
  });

  it('a person\'s data deleted with the staff tools is gone from the one database both hosts use', async () => {
    const reference = await send(200);
    expect(reference).not.toBeNull();
    const personsMessages = () => (JSON.parse(staff('export', '--phone', '13800000200')) as { patients: { reference: string }[] }).patients.map((row) => row.reference);
    expect(personsMessages()).toEqual([reference]);
    staff('delete', '--phone', '13800000200');
    expect(personsMessages()).toEqual([]);
    const exported = JSON.parse(staff('export', 'patients', '--format', 'json')) as { reference: string }[];
    expect(exported.map((row) => row.reference)).not.toContain(reference);
  });
});
