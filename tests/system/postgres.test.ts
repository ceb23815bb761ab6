/** The run's own PostgreSQL: a real cluster that answers as the tests expect, and leaves nothing behind. */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { startOwnPostgres } from './postgres';

it('starts a cluster on loopback where site may create databases, and removes it when stopped', async () => {
  const own = await startOwnPostgres();
  const client = new pg.Client({ connectionString: own.url });
  try {
    await client.connect();
    const { rows } = await client.query<{ user: string; superuser: string; fsync: string }>(
      "SELECT current_user AS user, current_setting('is_superuser') AS superuser, current_setting('fsync') AS fsync",
    );
    expect(rows[0]).toEqual({ user: 'site', superuser: 'on', fsync: 'off' });
    await client.query('CREATE DATABASE owned_by_the_run');
  } finally {
    await client.end();
    own.stop();
  }
  expect(own.url).toMatch(/^postgres:\/\/site@127\.0\.0\.1:\d+\/postgres$/);
  expect(existsSync(own.dir)).toBe(false);
  await expect(new pg.Client({ connectionString: own.url, connectionTimeoutMillis: 2000 }).connect()).rejects.toThrow();
});
