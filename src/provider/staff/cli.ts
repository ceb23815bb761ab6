/**
 * Staff tools over the provider's database (DATA_DIR/provider.sqlite), safe while the site
 * runs. `npm run staff -- --help` lists the commands; every action leaves a line in
 * DATA_DIR/staff-audit.log.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, DATABASE_FILE, privateFile, privateFolder, type ProviderDatabase } from '../database';
import { audit, subjectHash } from './audit';
import { SUBMISSION_TABLES, columnsOf, submissionsSince, toCsv, toJson, type SubmissionKind } from './exportRows';
import { deletePerson, findPerson, type Subject } from './personalData';
import { eraseFromWal, purge, RETENTION_DAYS } from './retention';

const KINDS = Object.keys(SUBMISSION_TABLES) as SubmissionKind[];

export const HELP = `Staff tools for the site's submissions (run in the site's folder):

  npm run staff -- export applications|patients [--since YYYY-MM-DD] [--format csv|json]
      Submissions of one kind since a date (default: all), as CSV for a spreadsheet or JSON.
  npm run staff -- purge [applications|patients] [--older-than <days>d] [--dry-run]
      Delete submissions past their retention period: applications after ${RETENTION_DAYS.applications} days,
      patient-service messages after ${RETENTION_DAYS.patients} days (the privacy notice's periods).
      --older-than needs the kind; --dry-run only counts.
  npm run staff -- find --email <address> | --phone <number>
      A person's submissions, both kinds (to answer a request to see their data).
  npm run staff -- export --email <address> | --phone <number>
      The same rows in full, as JSON, for the person (access and copy).
  npm run staff -- delete --email <address> | --phone <number> [--dry-run]
      Delete a person's submissions, both kinds (deletion; for a correction, export, delete and
      ask the person to submit again).
  npm run staff -- backup <file>
      Online backup, consistent while submissions arrive; refuses to overwrite a file.

Options for every command:
  --data-dir <dir>   the site's DATA_DIR (default: $DATA_DIR or ./data)
  --help             this text

Deleted rows are overwritten in the database file and its WAL. Every action is recorded in
<data-dir>/staff-audit.log (a person is named there by a hash, never by the address itself).`;

class UsageError extends Error {}

function open(dataDir: string): ProviderDatabase {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new UsageError(`No database at ${file}. Check --data-dir (the site's DATA_DIR).`);
  return connect(file, { fileMustExist: true });
}

function subjectOf(values: { email?: string; phone?: string }): { subject: Subject; identifier: string } {
  if (values.email && values.phone) throw new UsageError('Give --email or --phone, not both.');
  if (values.email) return { subject: { email: values.email }, identifier: values.email };
  if (values.phone) return { subject: { phone: values.phone }, identifier: values.phone };
  throw new UsageError('This command needs --email <address> or --phone <number>.');
}

function days(text: string): number {
  const n = /^(\d+)d$/.exec(text)?.[1];
  if (!n) throw new UsageError(`purge expects --older-than with a number of days, such as 365d, got "${text}"`);
  return Number(n);
}

type Values = { since: string; format: string; 'older-than'?: string; 'dry-run'?: boolean; email?: string; phone?: string };

function exportKind(db: ProviderDatabase, dataDir: string, kind: string | undefined, { since, format }: Values): void {
  if (!kind || !(KINDS as string[]).includes(kind)) throw new UsageError(`export needs the kind: ${KINDS.join(' or ')} (or --email / --phone for one person)`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(since)) throw new UsageError(`--since expects a date like 2026-01-01, got "${since}"`);
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format expects csv or json, got "${format}"`);
  const rows = submissionsSince(db, kind as SubmissionKind, since);
  process.stdout.write(format === 'csv' ? toCsv(columnsOf(db, kind as SubmissionKind), rows) : toJson(rows));
  audit(dataDir, 'export', { kind, since, rows: rows.length });
  console.error(`Exported ${rows.length} ${rows.length === 1 ? kind.replace(/s$/, '') : kind} since ${since}.`);
}

function purgeCommand(db: ProviderDatabase, dataDir: string, kind: string | undefined, values: Values): void {
  if (kind && !(KINDS as string[]).includes(kind)) throw new UsageError(`purge takes ${KINDS.join(' or ')}, or no kind for both, got "${kind}"`);
  if (values['older-than'] && !kind) throw new UsageError('--older-than applies to one kind: purge applications --older-than 180d (each kind has its own period).');
  const periods = kind ? { [kind]: values['older-than'] ? days(values['older-than']) : RETENTION_DAYS[kind as SubmissionKind] } : RETENTION_DAYS;
  const dryRun = values['dry-run'] === true;
  const outcome = purge(db, periods, new Date(), dryRun);
  const walEmptied = dryRun || eraseFromWal(db);
  audit(dataDir, dryRun ? 'purge (dry run)' : 'purge', { purged: Object.fromEntries(outcome.map((o) => [o.kind, { before: o.cutoff, rows: o.rows }])) });
  for (const o of outcome) console.error(`${dryRun ? 'Would purge' : 'Purged'} ${o.rows} ${o.kind} stored before ${o.cutoff}.`);
  if (!walEmptied) console.error('The WAL could not be emptied while the site was reading; run the purge again when it is quiet.');
}

function findCommand(db: ProviderDatabase, dataDir: string, values: Values, full: boolean): void {
  const { subject, identifier } = subjectOf(values);
  const rows = findPerson(db, subject);
  if (full) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else for (const kind of KINDS) for (const row of rows[kind]) console.log(`${kind}\tid ${row.id}\t${row.created_at}\t${row.name}\t${row.email}\t${row.phone}`);
  audit(dataDir, full ? 'export person' : 'find person', { subject: subjectHash(identifier), rows: { applications: rows.applications.length, patients: rows.patients.length } });
  console.error(`Found ${rows.applications.length} applications and ${rows.patients.length} patient messages.`);
}

function deleteCommand(db: ProviderDatabase, dataDir: string, values: Values): void {
  const { subject, identifier } = subjectOf(values);
  const dryRun = values['dry-run'] === true;
  const found = findPerson(db, subject);
  const deleted = dryRun ? { applications: found.applications.length, patients: found.patients.length } : deletePerson(db, subject);
  const walEmptied = dryRun || eraseFromWal(db);
  audit(dataDir, dryRun ? 'delete person (dry run)' : 'delete person', { subject: subjectHash(identifier), rows: deleted });
  console.error(`${dryRun ? 'Would delete' : 'Deleted'} ${deleted.applications} applications and ${deleted.patients} patient messages.`);
  if (!walEmptied) console.error('The WAL could not be emptied while the site was reading; run the command again when it is quiet.');
}

async function backupCommand(db: ProviderDatabase, dataDir: string, target: string | undefined): Promise<void> {
  if (!target) throw new UsageError('backup needs the file to write, e.g. data/backup.sqlite');
  if (existsSync(target)) throw new UsageError(`${target} exists already; choose a new file name.`);
  if (!existsSync(dirname(target))) privateFolder(dirname(target));
  privateFile(target); // 0600 before a byte is written
  await db.backup(target);
  audit(dataDir, 'backup', { file: target });
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
      'dry-run': { type: 'boolean' },
      email: { type: 'string' },
      phone: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, argument] = positionals;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!['export', 'purge', 'backup', 'find', 'delete'].includes(command ?? '')) throw new UsageError(`${command ? `Unknown command "${command}". ` : ''}Commands: export, purge, find, delete, backup. See npm run staff -- --help`);
  const dataDir = values['data-dir'];
  const db = open(dataDir);
  try {
    const person = values.email !== undefined || values.phone !== undefined;
    if (command === 'export' && person) findCommand(db, dataDir, values, true);
    else if (command === 'export') exportKind(db, dataDir, argument, values);
    else if (command === 'find') findCommand(db, dataDir, values, false);
    else if (command === 'delete') deleteCommand(db, dataDir, values);
    else if (command === 'purge') purgeCommand(db, dataDir, argument, values);
    else await backupCommand(db, dataDir, argument);
  } finally {
    db.close();
  }
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    const usage = error instanceof UsageError || error instanceof RangeError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (!usage) throw error;
    console.error((error as Error).message);
    process.exitCode = 1;
  },
);
