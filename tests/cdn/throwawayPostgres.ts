/**
 * For the tests that restart PostgreSQL: a cluster of their own (initdb in a temporary folder, on
 * a free port), since restarting the shared one would cut every other test's connections. Run as
 * the `postgres` user when the tests run as root (PostgreSQL refuses root). PG_BIN names the
 * folder of initdb and pg_ctl when they are not on the PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing';

export interface ThrowawayPostgres {
  url: string;
  /** pg_ctl restart -m fast: every connection is ended, then the server takes new ones. */
  restart(): void;
  stop(): void;
}

const bin = (name: string) => (process.env.PG_BIN ? join(process.env.PG_BIN, name) : name);

function asOwner(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
  return { uid, gid };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'site-pg-'));
  const owner = asOwner();
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const result = spawnSync(bin(command), args, { ...owner, encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.error?.message}`);
  };
  run('initdb', ['-D', data, '-U', 'site', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, ...args]);
  ctl('start');
  return {
    url: `postgres://site@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart', '-m', 'fast'),
    stop() {
      try {
        ctl('stop', '-m', 'immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
