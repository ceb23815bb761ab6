/**
 * `npm run staff -- migrate [--dry-run]`: the one way the staff tools change a PostgreSQL schema.
 * It says which migrations it applies (each migration's opening comment) before applying them, under
 * the same advisory lock as a starting provider. Hosts of an older release refuse a newer schema,
 * so this belongs to an upgrade: the new release on every host, then this, or let its first
 * provider migrate at start.
 */
import { purposeOf } from '../migrate';
import { migratePostgres, pendingPostgresMigrations } from '../schema';
import { boundedPool, describeUrl, SAVE_LIMITS } from '../submissions/postgresStore';
import { OperatorError } from '../submissions/store';

/** `url`: DATABASE_URL's PostgreSQL database, if it names one. */
export async function migrateCommand(url: string | undefined, dryRun: boolean, tell: (text: string) => void): Promise<void> {
  if (!url)
    throw new OperatorError('migrate works on the PostgreSQL database of DATABASE_URL; a SQLite database is brought forward by the provider when it starts.');
  const where = describeUrl(url);
  // A migration's session gone silent (the operator's VPN dropped) gives up the tables it altered
  // within seconds, as a host's does: the hosts' saves wait on them.
  const pool = boundedPool(url, { max: 1, connectionTimeoutMillis: 5_000, idle_in_transaction_session_timeout: SAVE_LIMITS.workMs });
  try {
    const pending = await pendingPostgresMigrations(pool, where);
    if (pending.length === 0) return tell(`${where} is at the newest schema; nothing to apply.`);
    tell(`${dryRun ? 'Would apply' : 'Applying'} to ${where}:`);
    for (const migration of pending) tell(`  ${migration.name}: ${purposeOf(migration)}`);
    if (dryRun) return;
    await migratePostgres(pool, where);
    tell(`Applied ${pending.length} migration${pending.length === 1 ? '' : 's'}.`);
  } finally {
    await pool.end();
  }
}
