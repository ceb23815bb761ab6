/**
 * For a test that restarts PostgreSQL: a cluster of its own (the run's throwaway cluster maker,
 * tests/system/postgres.ts), since restarting the run's shared one would cut every other test
 * file's connections; `restart` is `pg_ctl restart -m fast` as its owner.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { postgresBinDir, startOwnPostgres, type OwnPostgres } from '../system/postgres';

export interface RestartablePostgres extends OwnPostgres {
  /** Every connection is ended, then the server takes new ones. */
  restart(): void;
}

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const own = await startOwnPostgres();
  const pgCtl = join(postgresBinDir()!, 'pg_ctl');
  const args = ['-D', join(own.dir, 'data'), '-l', join(own.dir, 'server.log'), '-w', '-t', '60', '-m', 'fast', 'restart'];
  return {
    ...own,
    restart: () => void (userInfo().uid === 0 ? execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...args]) : execFileSync(pgCtl, args)),
  };
}
