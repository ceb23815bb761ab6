/**
 * Staff tools over the provider's database (DATA_DIR/provider.sqlite), safe while the site runs:
 *   npm run staff -- export applications|patients [--since 2026-01-01] [--format csv|json] > file
 *   npm run staff -- purge --older-than 365d
 *   npm run staff -- backup data/backup.sqlite
 * Every command takes --data-dir (default DATA_DIR or ./data).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SUBMISSION_TABLES, columnsOf, submissionsSince, toCsv, toJson, type SubmissionKind } from './exportRows';

const USAGE = 'Usage: npm run staff -- export applications|patients [--since YYYY-MM-DD] [--format csv|json] | purge --older-than <days>d | backup <file>  [--data-dir data]';

class UsageError extends Error {}

function open(dataDir: string): Database.Database {
  const file = join(dataDir, 'provider.sqlite');
  if (!existsSync(file)) throw new UsageError(`No database at ${file}. Check --data-dir (the site's DATA_DIR).`);
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

function exportCommand(db: Database.Database, kind: string | undefined, since: string, format: string): void {
  if (!kind || !(kind in SUBMISSION_TABLES)) throw new UsageError(`export needs the kind: ${Object.keys(SUBMISSION_TABLES).join(' or ')}`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(since)) throw new UsageError(`--since expects a date like 2026-01-01, got "${since}"`);
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format expects csv or json, got "${format}"`);
  const rows = submissionsSince(db, kind as SubmissionKind, since);
  process.stdout.write(format === 'csv' ? toCsv(columnsOf(db, kind as SubmissionKind), rows) : toJson(rows));
  console.error(`Exported ${rows.length} ${rows.length === 1 ? kind.replace(/s$/, '') : kind} since ${since}.`);
}

function purgeCommand(db: Database.Database, olderThan: string | undefined): void {
  const days = /^(\d+)d$/.exec(olderThan ?? '')?.[1];
  if (!days) throw new UsageError(`purge expects --older-than with a number of days, such as 365d, got "${olderThan ?? ''}"`);
  const cutoff = new Date(Date.now() - Number(days) * 86_400_000).toISOString();
  const counts = db.transaction(() => Object.entries(SUBMISSION_TABLES).map(([kind, table]) => `${db.prepare(`DELETE FROM ${table} WHERE created_at < ?`).run(cutoff).changes} ${kind}`))();
  console.error(`Purged submissions stored before ${cutoff}: ${counts.join(', ')}.`);
}

async function backupCommand(db: Database.Database, target: string | undefined): Promise<void> {
  if (!target) throw new UsageError('backup needs the file to write, e.g. data/backup.sqlite');
  if (existsSync(target)) throw new UsageError(`${target} exists already; choose a new file name.`);
  await db.backup(target);
  console.error(`Backed up to ${target} (restore: stop the site, copy it over provider.sqlite, delete provider.sqlite-wal and -shm).`);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string', default: process.env.DATA_DIR ?? 'data' },
      since: { type: 'string', default: '1970-01-01' },
      format: { type: 'string', default: 'csv' },
      'older-than': { type: 'string' },
    },
  });
  const [command, argument] = positionals;
  if (!['export', 'purge', 'backup'].includes(command ?? '')) throw new UsageError(USAGE);
  const db = open(values['data-dir']);
  try {
    if (command === 'export') exportCommand(db, argument, values.since, values.format);
    else if (command === 'purge') purgeCommand(db, values['older-than']);
    else await backupCommand(db, argument);
  } finally {
    db.close();
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    if (!(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw error;
    console.error((error as Error).message);
    process.exitCode = 1;
  },
);
