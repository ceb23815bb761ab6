/**
 * The PostgreSQL backup: `pg_dump --format=custom` into a file, one consistent snapshot however
 * many hosts are writing. The password goes to pg_dump through its environment (PGPASSWORD), not
 * its command line, where any user of the machine could read it. Restore with
 * `pg_restore --clean --if-exists --dbname <database> <file>`.
 */
import { spawn } from 'node:child_process';
import { OperatorError } from './store';

export const PG_DUMP_MISSING =
  'pg_dump was not found on PATH. Install the PostgreSQL client tools (Debian: apt-get install -y postgresql-client; the same major version as the server or newer) and run the backup again.';

export function pgDump(url: string, file: string, command = 'pg_dump'): Promise<void> {
  // The password may be in the user info or a `?password=` parameter: either way, only in PGPASSWORD.
  const parsed = new URL(url);
  const password = parsed.searchParams.get('password') ?? decodeURIComponent(parsed.password);
  parsed.password = '';
  // The other parameters go as written: searchParams would re-encode them (a %20 turned into +, which libpq reads as a plus).
  parsed.search = parsed.search
    .slice(1)
    .split('&')
    .filter((parameter) => parameter !== '' && !parameter.startsWith('password='))
    .join('&');
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(command, ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${parsed.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new OperatorError(PG_DUMP_MISSING) : error));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new OperatorError(`pg_dump failed (exit ${code}): ${stderr.trim()}`))));
  });
}
