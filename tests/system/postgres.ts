/**
 * A PostgreSQL server the test run owns: a throwaway cluster in a temporary folder, on a free
 * loopback port, made with the installed server's own initdb and pg_ctl, stopped and removed
 * afterwards. Nothing of the machine's own clusters is touched, and no root is needed: as root
 * (CI), the cluster runs as the `postgres` user the Debian package made (initdb refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/freePort.testing';

/** The folder of initdb, pg_ctl and postgres: PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PG_BIN) return existsSync(join(env.PG_BIN, 'initdb')) ? env.PG_BIN : null;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return found ? join(found, '..') : null;
}

export interface OwnPostgres {
  /** A superuser `site` may create databases here (trust on loopback: no password). */
  url: string;
  /** The cluster's folder: its data, socket and log. */
  dir: string;
  stop(): void;
}

/**
 * Starts the cluster. Durability is off (fsync, full-page writes, synchronous commit): a
 * throwaway cluster is never recovered, and the tests' many small commits stay fast.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed: initdb was found neither under /usr/lib/postgresql nor on PATH (apt-get install -y postgresql, or set PG_BIN)',
    );
  const root = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const data = join(root, 'data');
  const asRoot = userInfo().uid === 0;
  // initdb and the server refuse to run as root; as root, hand the folder to the package's user.
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(root, id('-u'), id('-g'));
  }
  chmodSync(root, 0o700);
  const port = await freePort();
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already gone: removing the folder is all that is left.
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', data, '-U', 'site', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    writeFileSync(
      join(data, 'postgresql.auto.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        'fsync = off',
        'full_page_writes = off',
        'synchronous_commit = off',
        'max_connections = 300',
        '',
      ].join('\n'),
    );
    run('pg_ctl', ['-D', data, '-l', join(root, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    stop();
    throw new Error(`Could not start a PostgreSQL for the tests: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message}`, {
      cause: error,
    });
  }
  return { url: `postgres://site@127.0.0.1:${port}/postgres`, dir: root, stop };
}
