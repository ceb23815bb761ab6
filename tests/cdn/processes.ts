/**
 * A site process of the CDN tests (tests/cdn/siteProcess.ts: the site server alone) that names its
 * port in a `{"listening": port}` line on stdout; `onLine` sees every line it writes after (its
 * JSON logs). Resolves once it listens; rejects if it exits first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(__dirname, '..', '..');

export interface ListeningProcess {
  child: ChildProcess;
  port: number;
}

export function startSiteProcess(env: Record<string, string>, onLine?: (entry: Record<string, unknown>) => void): Promise<ListeningProcess> {
  const script = 'siteProcess.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests', 'cdn', script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      if (typeof entry.listening === 'number') resolve({ child, port: entry.listening });
      else onLine?.(entry);
    });
  });
}

/** Stops the processes still running (SIGTERM) and waits for them. */
export async function stopProcesses(children: readonly ChildProcess[]) {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
}
