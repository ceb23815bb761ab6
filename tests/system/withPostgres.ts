/**
 * `node --import tsx tests/system/withPostgres.ts <command…>`: runs a test command with
 * TEST_DATABASE_URL naming a PostgreSQL. When the environment already names one (CI's own server,
 * or `npm test`, which starts one for the whole run), that one; otherwise a throwaway cluster of
 * its own (tests/system/postgres.ts), removed when the command ends, whatever its end.
 */
import { spawn } from 'node:child_process';
import { startOwnPostgres } from './postgres';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: withPostgres.ts <command> [args…]');
  const own = process.env.TEST_DATABASE_URL ? null : await startOwnPostgres();
  const stop = () => own?.stop();
  process.once('exit', stop);
  try {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...(own ? { TEST_DATABASE_URL: own.url } : {}) } });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    return await new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  } finally {
    stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
