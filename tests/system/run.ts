/**
 * `npm test`: the whole suite on a fresh machine, set-up included, in the least time two cores
 * allow, and how long each step took.
 *
 * Set-up: the Debian packages (installed as root, else the one command to run), and a PostgreSQL
 * of the run's own unless TEST_DATABASE_URL names one. Then lanes side by side, laid out so that
 * what one waits for (Strapi starting, a test's timers and child processes) is another's computing:
 *   unit:     unit and integration (with coverage, a worker per core)
 *   builds:   client builds → Strapi on SQLite, once cms/ is in → browser suite, four files at a
 *             time, once the unit tests and Strapi on PostgreSQL are done (it takes both cores)
 *   cms:      install cms/ (linked from this machine's store after the first run) → Strapi on
 *             PostgreSQL
 *   checks:   typecheck, then lint, beside the browser suite, whatever the other steps' outcome
 * A failing step ends its lane and skips the steps that need it; the other lanes run on, so one
 * run shows every failure it can. What each step printed is shown when it ends (the browser
 * suite's as it comes), and the time of every step at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePackages } from './packages';
import { startOwnPostgres } from './postgres';

const ROOT = join(__dirname, '..', '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Step {
  name: string;
  command: string[];
  /** Steps of other lanes that must have passed first. */
  needs?: string[];
  /** Steps of other lanes that must have ended first, passed or not: when it runs, not whether. */
  after?: string[];
  /** Print as it comes (the long last step), rather than when the step ends. */
  live?: boolean;
  /** Set for this step only. */
  env?: Record<string, string>;
}

const tsx = (script: string, ...args: string[]) => [process.execPath, '--import', 'tsx', script, ...args];

const LANES: Step[][] = [
  [{ name: 'unit and integration', command: [NPM, 'run', '--silent', 'test:unit', '--', '--coverage'] }],
  [
    { name: 'client builds', command: tsx('tests/browser/run.ts', '--build-only') },
    { name: 'Strapi on SQLite', command: [NPM, 'run', '--silent', 'test:cms:sqlite'], needs: ['install cms/'] },
    // Alone: beside the Strapi lane on PostgreSQL, that lane took three times as long (726 s) and
    // clock-bound tests of both failed. Four files at a time keep both cores busy (vmstat: 97 %
    // over the whole step); eight took longer (538 s against 472, when the suite was longer) and a
    // cold-site crawl got 503s.
    {
      name: 'browser',
      command: [NPM, 'run', '--silent', 'test:browser'],
      env: { BROWSER_WORKERS: '4' },
      needs: ['unit and integration', 'Strapi on PostgreSQL'],
      live: true,
    },
  ],
  // Strapi's two databases side by side: a Strapi run alone keeps about one core busy (its CPU
  // about equals its time: Strapi starting, the takedown file's timeouts), the other fills the rest.
  [
    { name: 'install cms/', command: tsx('config/cms/cmsCli.ts', 'install') },
    { name: 'Strapi on PostgreSQL', command: [NPM, 'run', '--silent', 'test:cms:postgres'] },
  ],
  // Beside the browser suite, which alone leaves an eighth of the two cores idle (its files' waits,
  // its last files running with fewer beside them): before it, these two lengthened the steps it
  // waits for. Each runs whatever the others' outcome, so one run still shows every failure.
  [{ name: 'typecheck', command: [NPM, 'run', '--silent', 'typecheck'], after: ['unit and integration', 'Strapi on PostgreSQL'] }],
  [{ name: 'lint', command: [NPM, 'run', '--silent', 'lint'], after: ['typecheck'] }],
];

/** Each step's outcome, settled when it ends: false when it failed or never ran. */
function outcome() {
  let settle: (passed: boolean) => void = () => {};
  const settled = new Promise<boolean>((resolve) => (settle = resolve));
  return { settled, settle };
}
const outcomes = new Map(LANES.flat().map((step) => [step.name, outcome()]));

const running = new Set<ChildProcess>();
const timings: { name: string; seconds: number; outcome: string; cpu?: number }[] = [];

const seconds = (since: number) => (Date.now() - since) / 1000;

/**
 * CPU seconds of every process this one has reaped so far, with their own reaped children
 * (Linux's cutime + cstime); null elsewhere. Read as each step's process is reaped, the growth
 * since the last read is that step's CPU: steps end at distinct moments. Daemons (PostgreSQL)
 * are not counted, nor are Chromium's renderers (reparented when their zygote forks them): the
 * browser step's figure is well below its real CPU, which keeps both cores busy.
 */
function reapedCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let cpuRead = reapedCpuSeconds();
function cpuSinceLastRead(): number | undefined {
  const now = reapedCpuSeconds();
  const spent = now === null || cpuRead === null ? undefined : now - cpuRead;
  cpuRead = now;
  return spent;
}

function run(step: Step, env: NodeJS.ProcessEnv): Promise<boolean> {
  const started = Date.now();
  const [file, ...args] = step.command as [string, ...string[]];
  // Its own process group: an interrupted run stops it and everything it started (Strapi, Chromium).
  const child = spawn(file, args, {
    cwd: ROOT,
    env: { ...env, ...step.env },
    detached: true,
    stdio: ['ignore', step.live ? 'inherit' : 'pipe', step.live ? 'inherit' : 'pipe'],
  });
  running.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  if (step.live) console.log(`\n── ${step.name}`);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child);
      const passed = code === 0;
      const outcome = passed ? 'passed' : signal ? `stopped (${signal})` : `failed (exit ${code})`;
      timings.push({ name: step.name, seconds: seconds(started), outcome, cpu: cpuSinceLastRead() });
      if (!step.live) process.stdout.write(`\n── ${step.name}: ${outcome} in ${seconds(started).toFixed(1)} s\n${Buffer.concat(output).toString()}`);
      else console.log(`── ${step.name}: ${outcome} in ${seconds(started).toFixed(1)} s`);
      resolve(passed);
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already ended.
    }
  }
}

async function lane(steps: Step[], env: NodeJS.ProcessEnv): Promise<boolean> {
  let passed = true;
  for (const step of steps) {
    if (passed) {
      for (const earlier of step.after ?? []) await outcomes.get(earlier)!.settled;
      const unmet: string[] = [];
      for (const need of step.needs ?? []) if (!(await outcomes.get(need)!.settled)) unmet.push(need);
      if (unmet.length > 0) timings.push({ name: step.name, seconds: 0, outcome: `skipped (${unmet.join(', ')} failed)` });
      passed = unmet.length === 0 && (await run(step, env));
    }
    outcomes.get(step.name)!.settle(passed);
  }
  return passed;
}

function report(started: number) {
  const cpuOf = (cpu?: number) => (cpu === undefined ? '' : `${cpu.toFixed(0).padStart(5)} s`).padStart(8);
  console.log(`\nStep times:${' '.repeat(24)}CPU`);
  for (const { name, seconds: s, outcome, cpu } of timings) console.log(`  ${name.padEnd(24)} ${s.toFixed(1).padStart(7)} s ${cpuOf(cpu)}  ${outcome}`);
  const cpu = timings.reduce((sum, { cpu = 0 }) => sum + cpu, 0);
  console.log(`  ${'total'.padEnd(24)} ${seconds(started).toFixed(1).padStart(7)} s ${cpuOf(cpu)}`);
}

async function main(): Promise<boolean> {
  const started = Date.now();
  let step = Date.now();
  // Before any lane, though the client builds and the install of cms/ need no package: beside them
  // apt-get took 55 s instead of 25, and the unit lane, which needs its packages, started that much
  // later (a run on a machine put back to new: 888 s against 849 s).
  const installed = ensurePackages();
  timings.push({ name: 'system packages', seconds: seconds(step), outcome: installed.length ? `installed ${installed.join(' ')}` : 'present' });

  step = Date.now();
  const own = process.env.TEST_DATABASE_URL ? null : await startOwnPostgres();
  timings.push({ name: 'PostgreSQL', seconds: seconds(step), outcome: own ? `own cluster at ${new URL(own.url).host}` : 'TEST_DATABASE_URL' });
  const stopPostgres = () => own?.stop();
  process.once('exit', stopPostgres);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopAll();
      stopPostgres();
      process.exit(signal === 'SIGINT' ? 130 : 143); // 128 + the signal's number, as a shell reports it
    });
  }

  const env = { ...process.env, ...(own ? { TEST_DATABASE_URL: own.url } : {}) };
  try {
    const lanes = await Promise.all(LANES.map((steps) => lane(steps, env)));
    return lanes.every(Boolean);
  } finally {
    stopPostgres();
    report(started);
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
