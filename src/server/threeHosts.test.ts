/**
 * Many hosts, one truth: three hosts of the site (site and embedded provider each, as `npm start`
 * runs them) on one PostgreSQL behind Debian's nginx. One visitor's form limit holds across the
 * three, and so does their allowance of new search renders; a content import reaches them all; PostgreSQL restarted while messages flow loses no acknowledged message and every host
 * takes messages again within 15 s without a restart; a host killed while messages flow loses
 * none either, each acknowledged message stored once with a reference no other has; a staff
 * query over a half-open connection fails within its timeout. PostgreSQL is a cluster of the
 * test's own (tests/cdn/restartablePostgres.ts), since it is restarted. Prints the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx, type RunningNginx } from '../../tests/cdn/nginx';
import { stopProcesses } from '../../tests/cdn/processes';
import { ENDPOINT } from '../contracts/endpoints';
import { SUBMIT_RATE_LIMIT } from '../provider/submissionRoutes';
import { SEARCH_ALLOWANCE } from './render/searchBudget';
import { DEFAULT_PACK_DIR, loadContentPack } from '../provider/content/loadPack';
import { startHalfOpenProxy } from '../provider/submissions/halfOpenProxy.testing';
import { queryLimits } from '../provider/submissions/postgresStore';
import { startRestartablePostgres, type RestartablePostgres } from '../../tests/cdn/restartablePostgres';
import { hangLimit, spawnListening } from '../provider/provider.testing';
import { CORRECTNESS_DEADLINE_MS, fakeDist } from './server.testing';
import { STAFF_CLI, staffSucceeds, staffTool } from '../provider/staff/staffTools.testing';

jest.setTimeout(240_000);

const ROOT = join(__dirname, '..', '..');
const HOSTS = 3;
const MESSAGES = 60;
const KILL_AFTER = 20;
const STREAMS = 4;
/** The bound on hosts taking messages again after PostgreSQL restarted (src/provider/submissions/README.md). */
const BACK_WITHIN_MS = 15_000;
/** The same on every host, as src/provider/submissions/README.md says. */
const AUDIT_KEY = 'three-hosts-audit-key-0123456789abcdef';

let postgres: RestartablePostgres;
let dir: string;
let dist: string;
const hosts: { child: ChildProcess; port: number }[] = [];
let nginx: RunningNginx;
let nextVisitor = 1;
const pack = loadContentPack();

/** One host as `npm start` runs it (site and embedded provider), submissions in the shared PostgreSQL database. */
function startHost(name: string): Promise<{ child: ChildProcess; port: number }> {
  return spawnListening('src/server/main.ts', {
    PORT: '0',
    PROVIDER_PORT: '0',
    HOST: '127.0.0.1',
    SKIP_BUILD: '1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: postgres.url,
    DATA_DIR: mkdtempSync(join(dir, `${name}-`)),
    // One folder for the three: the copies each host makes ahead at start are made once (what is tested here is the database).
    PICTURE_COPIES_DIR: join(dir, 'picture-copies'),
    DIST_DIR: dist,
    TRUST_PROXY: '127.0.0.1',
    STAFF_AUDIT_KEY: AUDIT_KEY,
    RENDER_DEADLINE_MS: String(CORRECTNESS_DEADLINE_MS),
  });
}

beforeAll(async () => {
  postgres = await startRestartablePostgres();
  dir = mkdtempSync(join(tmpdir(), 'site-three-hosts-'));
  dist = fakeDist();
  // One after the other: the later ones find the schema migrated (startTogether.test.ts races them).
  for (let i = 0; i < HOSTS; i += 1) hosts.push(await startHost(String.fromCharCode(97 + i)));
  nginx = await startNginx(
    dir,
    hosts.map((host) => host.port),
  );
}, hangLimit(HOSTS));

afterAll(async () => {
  await nginx?.stop();
  await stopProcesses(hosts.map((host) => host.child));
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
});

/** One patient message from `visitor` through `base` (nginx, or one host): its reference when acknowledged, else the status. */
async function send(n: number, base = nginx.url, visitor = `203.0.113.${n % 250}`): Promise<string | number> {
  try {
    const res = await fetch(`${base}/api${ENDPOINT.patientSubmit}?lan=zh`, {
      method: 'POST',
      headers: { 'x-forwarded-for': visitor },
      body: new URLSearchParams({
        category: 'medical',
        medication: '复方樟脑软膏',
        reason: '湿疹',
        name: `患者${n}`,
        phone: `1380000${String(n).padStart(4, '0')}`,
        email: '',
        description: `第 ${n} 条`,
        consent: '2026-01',
        health_consent: '2026-01',
      }),
    });
    const body = (await res.json()) as { code: number; data?: { reference?: string } };
    return body.code === 0 && body.data?.reference ? body.data.reference : res.status;
  } catch {
    return 0;
  }
}
const acknowledged = (answer: string | number): answer is string => typeof answer === 'string';
/** A visitor no other message used: a host's own limit never stands in the way. */
const freshVisitor = () => `198.18.${Math.floor(nextVisitor / 250)}.${nextVisitor++ % 250}`;

/**
 * A Node command run from the project's root with `env` added: its exit status and output. Not
 * spawnSync: this process must keep serving meanwhile (the half-open proxy forwards from here), and
 * an event loop held past the site's keep-alive (5 s) leaves fetch a pooled socket the host has
 * closed, whose next request is reset.
 */
function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The staff tools as a fourth host runs them, with a data folder of their own. */
const staffEnv = () => ({ ...process.env, DATABASE_URL: postgres.url, DATA_DIR: mkdtempSync(join(dir, 'staff-')), STAFF_AUDIT_KEY: AUDIT_KEY });
const staff = (args: string[]) => staffTool(args, staffEnv());
async function exported(): Promise<{ reference: string; description: string }[]> {
  const run = await staffSucceeds(['export', 'patients', '--format', 'json'], staffEnv());
  return JSON.parse(run.stdout) as { reference: string; description: string }[];
}

/** Streams `count` messages through nginx, `STREAMS` at a time, calling `during` once after `after` are acknowledged. */
async function streamMessages(first: number, count: number, after: number, during: () => void) {
  const references: string[] = [];
  let next = first;
  let done = false;
  const stream = async () => {
    for (let n = next++; n < first + count; n = next++) {
      const answer = await send(n, nginx.url, freshVisitor());
      if (acknowledged(answer)) references.push(answer);
      if (!done && references.length >= after) {
        done = true;
        during();
      }
    }
  };
  await Promise.all(Array.from({ length: STREAMS }, stream));
  return { references, done };
}

async function expectStoredOnce(references: string[]) {
  const rows = await exported();
  const found = new Set(rows.map((row) => row.reference));
  expect(references.filter((reference) => !found.has(reference))).toEqual([]);
  expect(found.size).toBe(rows.length);
  expect(new Set(references).size).toBe(references.length);
  expect(rows.every((row) => /^第 \d+ 条$/.test(row.description))).toBe(true);
  return rows.length;
}

describe('three hosts on one PostgreSQL behind nginx', () => {
  it("holds one visitor's form limit across the three hosts", async () => {
    const answers: (string | number)[] = [];
    for (let n = 0; n < SUBMIT_RATE_LIMIT.points * 2; n += 1) answers.push(await send(1000 + n, nginx.url, '192.0.2.77'));
    const stored = answers.filter(acknowledged).length;
    console.log(
      `Three hosts, one visitor: ${answers.length} messages through nginx's round robin, ${stored} acknowledged, ${answers.filter((a) => a === 429).length} refused with 429`,
    );
    expect(stored).toBe(SUBMIT_RATE_LIMIT.points);
    expect(answers.slice(SUBMIT_RATE_LIMIT.points)).toEqual(Array(SUBMIT_RATE_LIMIT.points).fill(429));
  });

  it("holds one visitor's allowance of new search renders across the three hosts", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_ALLOWANCE.points + 3; n += 1) {
      const res = await fetch(`${nginx.url}/product?keyword=${encodeURIComponent(`软膏 ${n}`)}`, { headers: { 'x-forwarded-for': '192.0.2.78' } });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    console.log(
      `Three hosts, one visitor: ${statuses.length} new searches through nginx's round robin, ${statuses.filter((s) => s === 200).length} rendered, ${statuses.filter((s) => s === 503).length} answered 503`,
    );
    expect(statuses).toEqual([...Array<number>(SEARCH_ALLOWANCE.points).fill(200), 503, 503, 503]);
  });

  it('takes a content import on one host to every host, each dropping its pages', async () => {
    const pages = () => Promise.all(hosts.map(async (host) => (await fetch(`http://127.0.0.1:${host.port}/news/1`)).text()));
    expect((await pages()).every((html) => html.includes(pack.news[0]!.zh.title))).toBe(true);
    const packDir = mkdtempSync(join(dir, 'pack-'));
    cpSync(DEFAULT_PACK_DIR, packDir, { recursive: true });
    const news = join(packDir, 'news.yaml');
    writeFileSync(news, readFileSync(news, 'utf8').replace(pack.news[0]!.zh.title, '三台主机共享的新标题'));
    const started = Date.now();
    const run = await runNode(
      ['--import', 'tsx', join(ROOT, 'src', 'provider', 'content', 'importCli.ts'), '--pack', packDir, '--data-dir', join(dir, 'no-local-copy')],
      {
        DATABASE_URL: postgres.url,
      },
    );
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toMatch(/every host imports it within 5 s/);
    let shown = await pages();
    while (!shown.every((html) => html.includes('三台主机共享的新标题')) && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      shown = await pages();
    }
    console.log(`Content import stored in PostgreSQL: every host's page showed it ${Date.now() - started} ms after the command started`);
    expect(shown.map((html) => html.includes('三台主机共享的新标题'))).toEqual([true, true, true]);
  });

  it('loses no acknowledged message when PostgreSQL restarts mid-stream, and every host takes messages again within 15 s', async () => {
    let restartedAt = 0;
    const { references, done } = await streamMessages(1, MESSAGES, KILL_AFTER, () => {
      restartedAt = Date.now();
      postgres.restart();
    });
    expect(done).toBe(true);
    // Each host on its own, not through nginx, which would hide a host still failing behind the others.
    const backAfter = await Promise.all(
      hosts.map(async (host) => {
        for (;;) {
          if (acknowledged(await send(2000, `http://127.0.0.1:${host.port}`, freshVisitor()))) return Date.now() - restartedAt;
          if (Date.now() - restartedAt > BACK_WITHIN_MS) return Infinity;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    const stored = await expectStoredOnce(references);
    console.log(
      `PostgreSQL restarted after ${KILL_AFTER} of ${MESSAGES} messages: ${references.length} acknowledged, all among the ${stored} stored; ` +
        `each host took a message again ${backAfter.map((ms) => `${ms} ms`).join(', ')} after the restart began`,
    );
    expect(backAfter.every((ms) => ms <= BACK_WITHIN_MS)).toBe(true);
  });

  it('loses no acknowledged message when a host is killed, and the others take the rest', async () => {
    const pagesServed: number[] = [];
    const { references, done } = await streamMessages(3000, MESSAGES, KILL_AFTER, () => {
      hosts[1]!.child.kill('SIGKILL');
      void fetch(`${nginx.url}/about`).then((res) => pagesServed.push(res.status));
    });
    for (let i = 0; i < 10; i += 1) pagesServed.push((await fetch(`${nginx.url}/about`)).status);
    expect(done).toBe(true);
    const stored = await expectStoredOnce(references);
    console.log(
      `A host killed after ${KILL_AFTER} of ${MESSAGES} messages: ${references.length} acknowledged, all among the ${stored} stored; ` +
        `pages after the kill: ${pagesServed.filter((status) => status === 200).length}/${pagesServed.length} answered 200`,
    );
    // The surviving hosts took the rest: more acknowledged after the kill than before it.
    expect(references.length).toBeGreaterThan(KILL_AFTER + (MESSAGES - KILL_AFTER) / 2);
    expect(pagesServed.every((status) => status === 200)).toBe(true);
  });

  it('fails a staff query over a half-open connection within its timeout', async () => {
    const proxy = await startHalfOpenProxy(postgres.url);
    try {
      // The export's SELECT is held back and the connection stays open, silent, as after a host vanished.
      proxy.stallOn(/from "?patient_messages/i);
      const env = { DATABASE_URL: proxy.url, DATABASE_STATEMENT_TIMEOUT_MS: '2000' };
      const started = Date.now();
      const run = await runNode([...STAFF_CLI, 'export', 'patients', '--format', 'json'], {
        DATA_DIR: mkdtempSync(join(dir, 'staff-')),
        STAFF_AUDIT_KEY: AUDIT_KEY,
        ...env,
      });
      const elapsed = Date.now() - started;
      console.log(
        `A staff export over a half-open connection failed after ${elapsed} ms (answer timeout ${queryLimits(env).answerMs} ms, the tool's start included)`,
      );
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/Query read timeout/);
      // Bounded by the answer timeout: the margin is the tool's own start on a busy machine.
      expect(elapsed).toBeLessThan(queryLimits(env).answerMs + 15_000);
    } finally {
      await proxy.close();
    }
  });

  it("deletes a person's data with the staff tools from the one database every host uses", async () => {
    const reference = await send(200, nginx.url, freshVisitor());
    expect(acknowledged(reference)).toBe(true);
    const personsMessages = async () =>
      (JSON.parse((await staff(['export', '--phone', '13800000200'])).stdout) as { patients: { reference: string }[] }).patients.map((row) => row.reference);
    expect(await personsMessages()).toEqual([reference]);
    expect((await staff(['delete', '--phone', '13800000200'])).status).toBe(0);
    expect(await personsMessages()).toEqual([]);
    expect((await exported()).map((row) => row.reference)).not.toContain(reference);
  });
});
