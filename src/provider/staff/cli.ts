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
import { inert, inertKeepingLines } from './inert';
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
<data-dir>/staff-audit.log (a person is named there by a keyed hash, never by the address
itself; the key is $STAFF_AUDIT_KEY, or <data-dir>/staff-audit.key made on first use).
The provider also purges by itself once a day, with the same periods.

Control and bidi characters in what is printed (stored names, numbers, messages) are shown
escaped, as \\u001b, so they cannot steer the terminal.`;

class UsageError extends Error {}

/** Everything the tools print goes through these: stored data never reaches the terminal raw. */
const print = (text: string) => void process.stdout.write(inertKeepingLines(text));
const tell = (text: string) => console.error(inertKeepingLines(text));

function open(dataDir: string): ProviderDatabase {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new UsageError(`No database at ${file}. Check --data-dir (the site's DATA_DIR).`);
  return connect(file, { fileMustExist: true });
}

function subjectOf(values: { email?: string; phone?: string }): Subject {
  if (values.email && values.phone) throw new UsageError('Give --email or --phone, not both.');
  if (values.email) return { email: values.email };
  if (values.phone) return { phone: values.phone };
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
  print(format === 'csv' ? toCsv(columnsOf(db, kind as SubmissionKind), rows) : toJson(rows));
  audit(dataDir, 'export', { kind, since, rows: rows.length });
  tell(`Exported ${rows.length} ${rows.length === 1 ? kind.replace(/s$/, '') : kind} since ${since}.`);
}

function purgeCommand(db: ProviderDatabase, dataDir: string, kind: string | undefined, values: Values): void {
  if (kind && !(KINDS as string[]).includes(kind)) throw new UsageError(`purge takes ${KINDS.join(' or ')}, or no kind for both, got "${kind}"`);
  if (values['older-than'] && !kind) throw new UsageError('--older-than applies to one kind: purge applications --older-than 180d (each kind has its own period).');
  const periods = kind ? { [kind]: values['older-than'] ? days(values['older-than']) : RETENTION_DAYS[kind as SubmissionKind] } : RETENTION_DAYS;
  const dryRun = values['dry-run'] === true;
  const outcome = purge(db, periods, new Date(), dryRun);
  const walEmptied = dryRun || eraseFromWal(db);
  audit(dataDir, dryRun ? 'purge (dry run)' : 'purge', { purged: Object.fromEntries(outcome.map((o) => [o.kind, { before: o.cutoff, rows: o.rows }])) });
  for (const o of outcome) tell(`${dryRun ? 'Would purge' : 'Purged'} ${o.rows} ${o.kind} stored before ${o.cutoff}.`);
  if (!walEmptied) tell('The WAL could not be emptied while the site was reading; run the purge again when it is quiet.');
}

function findCommand(db: ProviderDatabase, dataDir: string, values: Values, full: boolean): void {
  const subject = subjectOf(values);
  const hash = subjectHash(dataDir, subject); // first: a key problem stops the command before it prints anything
  const rows = findPerson(db, subject);
  if (full) print(`${JSON.stringify(rows, null, 2)}\n`);
  else {
    for (const kind of KINDS) {
      for (const row of rows[kind]) print(`${[kind, `id ${String(row.id)}`, row.created_at, row.name, row.email, row.phone].map((value) => inert(String(value))).join('\t')}\n`);
    }
  }
  audit(dataDir, full ? 'export person' : 'find person', { subject: hash, rows: { applications: rows.applications.length, patients: rows.patients.length } });
  tell(`Found ${rows.applications.length} applications and ${rows.patients.length} patient messages.`);
}

function deleteCommand(db: ProviderDatabase, dataDir: string, values: Values): void {
  const subject = subjectOf(values);
  const hash = subjectHash(dataDir, subject); // first: a key problem stops the command before it deletes anything
  const dryRun = values['dry-run'] === true;
  const found = findPerson(db, subject);
  const deleted = dryRun ? { applications: found.applications.length, patients: found.patients.length } : deletePerson(db, subject);
  const walEmptied = dryRun || eraseFromWal(db);
  audit(dataDir, dryRun ? 'delete person (dry run)' : 'delete person', { subject: hash, rows: deleted });
  tell(`${dryRun ? 'Would delete' : 'Deleted'} ${deleted.applications} applications and ${deleted.patients} patient messages.`);
  if (!walEmptied) tell('The WAL could not be emptied while the site was reading; run the command again when it is quiet.');
}

async function backupCommand(db: ProviderDatabase, dataDir: string, target: string | undefined): Promise<void> {
  if (!target) throw new UsageError('backup needs the file to write, e.g. data/backup.sqlite');
  if (existsSync(target)) throw new UsageError(`${target} exists already; choose a new file name.`);
  if (!existsSync(dirname(target))) privateFolder(dirname(target));
  privateFile(target); // 0600 before a byte is written
  await db.backup(target);
  audit(dataDir, 'backup', { file: target });
  tell(`Backed up to ${target} (restore: stop the site, copy it over provider.sqlite, delete provider.sqlite-wal and -shm).`);
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
    print(`${HELP}\n`);
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
    tell((error as Error).message);
    process.exitCode = 1;
  },
);
