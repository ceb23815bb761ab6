/**
 * Staff tools over the site's submissions, safe while the site runs: the SQLite file
 * DATA_DIR/provider.sqlite, or the PostgreSQL database of DATABASE_URL (postgres://…) shared by
 * every host. `npm run staff -- --help` lists the commands; every action leaves an audit entry.
 * `runStaff` is the tools with their arguments, settings and terminal given: cli.ts runs it with the
 * process's, tests with their own.
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { connect, DATABASE_FILE, privateFile, privateFolder } from '../sqliteDatabase';
import { openPostgresStore } from '../submissions/postgresStore';
import { createSqliteStore } from '../submissions/sqliteStore';
import { OperatorError, postgresUrlFrom, SUBMISSION_TABLES, vacuumByHand, type SubmissionKind, type SubmissionStore } from '../submissions/store';
import { migrateCommand } from './migrateCommand';
import { moveToPostgres } from './moveToPostgres';
import { auditEntry, subjectHash } from './audit';
import { toCsv, toJson } from './exportRows';
import { inert, inertKeepingLines } from './inert';
import type { Subject } from '../submissions/personalData';
import { RETENTION_DAYS, WAL_BY_HAND } from '../submissions/retention';

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
      SQLite: a copy of the database file. PostgreSQL: pg_dump's custom format (needs pg_dump).
  npm run staff -- audit [--since YYYY-MM-DD]
      The audit trail, one JSON line per action.
  npm run staff -- migrate [--dry-run]
      Bring the PostgreSQL schema forward to this release's, saying what it applies. No other
      command changes the schema: they refuse one that is not this release's. Hosts of an older
      release then refuse to start: restart every host on this release (not one by one).
  npm run staff -- move-to-postgres
      When a site moves from SQLite to PostgreSQL (DATABASE_URL set, schema migrated), once per
      host's store: moves <data-dir>'s submissions, consents, case reference counters and audit
      log into PostgreSQL beside what it holds (new ids, case references kept; a reference it
      holds already refuses the move), verifies them there, then deletes them from the SQLite file.
      Stopped between the two (the process died, the connection dropped), run it again: it
      finishes that move without copying anything twice, deleting from PostgreSQL too what the
      old site deleted since. It gives up after waiting 20 s for tables another session holds.

Dates (--since) are days in Beijing time, as case references count them.

Options for every command:
  --data-dir <dir>   the site's DATA_DIR (default: $DATA_DIR or ./data)
  --help             this text

With DATABASE_URL=postgres://… the tools work on that PostgreSQL database instead of
<data-dir>/provider.sqlite, from any host of the site.

Deleted rows are overwritten in the SQLite file and its WAL; in PostgreSQL a VACUUM of the
tables follows the deletion. Every action is recorded: in <data-dir>/staff-audit.log with SQLite,
in the staff_audit table with PostgreSQL. A person is named there by a keyed hash, never by the
address itself; the key is $STAFF_AUDIT_KEY, or <data-dir>/staff-audit.key made on first use
(with PostgreSQL STAFF_AUDIT_KEY is required, the same on every host).
The provider also purges by itself once a day, with the same periods.

Control and bidi characters in what is printed (stored names, numbers, messages) are shown
escaped, as \\u001b, so they cannot steer the terminal.`;

class UsageError extends Error {}

/** What a run of the tools is given: its settings and its terminal. */
export interface StaffIo {
  /**
   * DATABASE_URL, STAFF_AUDIT_KEY and DATA_DIR. The rest is the process's own: the pools' bounds
   * (DATABASE_STATEMENT_TIMEOUT_MS), pg_dump's PATH and node-postgres's PG* defaults.
   */
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A run's settings and its two ways to speak; stored data never reaches the terminal raw. */
interface Run {
  env: NodeJS.ProcessEnv;
  /** Output (exports, audit lines). */
  print: (text: string) => void;
  /** Messages, one line each. */
  tell: (text: string) => void;
}

async function open(dataDir: string, env: NodeJS.ProcessEnv): Promise<SubmissionStore> {
  const url = postgresUrlFrom(env.DATABASE_URL);
  if (url) {
    try {
      return await openPostgresStore(url, { max: 2, migrate: false });
    } catch (error) {
      if (error instanceof OperatorError) throw error;
      throw new OperatorError(`Cannot open the PostgreSQL database of DATABASE_URL: ${(error as Error).message}`);
    }
  }
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new UsageError(`No database at ${file}. Check --data-dir (the site's DATA_DIR), or set DATABASE_URL for PostgreSQL.`);
  const db = connect(file, { fileMustExist: true });
  return { ...createSqliteStore(db, { dataDir }), close: async () => void db.close() };
}

/** A person's keyed hash; hosts sharing PostgreSQL must share the key, so it must be set. */
function personHash(store: SubmissionStore, dataDir: string, subject: Subject, env: NodeJS.ProcessEnv): string {
  if (store.kind === 'postgres' && !env.STAFF_AUDIT_KEY) {
    throw new UsageError(
      'With DATABASE_URL every host writes to one audit trail: set STAFF_AUDIT_KEY, the same on every host (e.g. openssl rand -hex 32), so one person has one hash.',
    );
  }
  return subjectHash(dataDir, subject, env);
}

const audit = (store: SubmissionStore, action: string, details: Record<string, unknown>) => store.appendAudit(auditEntry(action, details));

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

/** The start of a day in Beijing (Asia/Shanghai, UTC+8 all year), as stored times are compared: UTC ISO text. */
function beijingDayStart(since: string): string {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(since) ? new Date(`${since}T00:00:00+08:00`) : new Date(Number.NaN);
  if (Number.isNaN(start.getTime())) throw new UsageError(`--since expects a date like 2026-01-01, got "${since}"`);
  return start.toISOString();
}

async function exportKind({ print, tell }: Run, store: SubmissionStore, kind: string | undefined, { since, format }: Values): Promise<void> {
  if (!kind || !(KINDS as string[]).includes(kind)) throw new UsageError(`export needs the kind: ${KINDS.join(' or ')} (or --email / --phone for one person)`);
  const from = beijingDayStart(since);
  if (format !== 'csv' && format !== 'json') throw new UsageError(`--format expects csv or json, got "${format}"`);
  const rows = await store.submissionsSince(kind as SubmissionKind, from);
  const text = format === 'csv' ? toCsv(await store.columnsOf(kind as SubmissionKind), rows) : toJson(rows);
  // Recorded first: no personal data leaves unaudited (an audit log locked by a move, a full disk).
  await audit(store, 'export', { kind, since, rows: rows.length });
  print(text);
  tell(`Exported ${rows.length} ${rows.length === 1 ? kind.replace(/s$/, '') : kind} since ${since}.`);
}

async function purgeCommand(run: Run, store: SubmissionStore, kind: string | undefined, values: Values): Promise<void> {
  if (kind && !(KINDS as string[]).includes(kind)) throw new UsageError(`purge takes ${KINDS.join(' or ')}, or no kind for both, got "${kind}"`);
  if (values['older-than'] && !kind)
    throw new UsageError('--older-than applies to one kind: purge applications --older-than 180d (each kind has its own period).');
  const periods = kind ? { [kind]: values['older-than'] ? days(values['older-than']) : RETENTION_DAYS[kind as SubmissionKind] } : RETENTION_DAYS;
  const dryRun = values['dry-run'] === true;
  const outcome = await store.purge(periods, new Date(), dryRun);
  await audit(store, dryRun ? 'purge (dry run)' : 'purge', { purged: Object.fromEntries(outcome.map((o) => [o.kind, { before: o.cutoff, rows: o.rows }])) });
  for (const o of outcome) run.tell(`${dryRun ? 'Would purge' : 'Purged'} ${o.rows} ${o.kind} stored before ${o.cutoff}.`);
  if (!dryRun)
    await eraseCommitted(
      run,
      store,
      outcome.filter((o) => o.rows > 0).map((o) => o.kind),
    );
}

/**
 * After a deletion has committed, been recorded in the audit trail and reported: the space its
 * rows took overwritten (SQLite's WAL emptied, PostgreSQL's VACUUM), and what that could not
 * guarantee said. Its failure (VACUUM past its statement timeout) leaves the deletion done.
 */
async function eraseCommitted({ tell }: Run, store: SubmissionStore, kinds: SubmissionKind[]): Promise<void> {
  if (kinds.length === 0) return;
  let notErased: string[];
  try {
    notErased = await store.eraseDeleted(kinds);
  } catch (error) {
    throw new OperatorError(
      `Deleted, but the space the rows took could not be overwritten: ${(error as Error).message}. The deletion is in the audit trail. ` +
        (store.kind === 'postgres' ? vacuumByHand(kinds) : WAL_BY_HAND),
    );
  }
  for (const reason of notErased) tell(`Not guaranteed: ${reason}`);
}

async function findCommand({ env, print, tell }: Run, store: SubmissionStore, dataDir: string, values: Values, full: boolean): Promise<void> {
  const subject = subjectOf(values);
  const hash = personHash(store, dataDir, subject, env); // first: a key problem stops the command before it prints anything
  const rows = await store.findPerson(subject);
  const text = full
    ? `${JSON.stringify(rows, null, 2)}\n`
    : KINDS.flatMap((kind) =>
        rows[kind].map(
          (row) => `${[kind, `id ${String(row.id)}`, row.created_at, row.name, row.email, row.phone].map((value) => inert(String(value))).join('\t')}\n`,
        ),
      ).join('');
  await audit(store, full ? 'export person' : 'find person', {
    subject: hash,
    rows: { applications: rows.applications.length, patients: rows.patients.length },
  });
  print(text);
  tell(`Found ${rows.applications.length} applications and ${rows.patients.length} patient messages.`);
}

async function deleteCommand(run: Run, store: SubmissionStore, dataDir: string, values: Values): Promise<void> {
  const subject = subjectOf(values);
  const hash = personHash(store, dataDir, subject, run.env); // first: a key problem stops the command before it deletes anything
  const dryRun = values['dry-run'] === true;
  const found = await store.findPerson(subject);
  const deleted = dryRun ? { applications: found.applications.length, patients: found.patients.length } : await store.deletePerson(subject);
  await audit(store, dryRun ? 'delete person (dry run)' : 'delete person', { subject: hash, rows: deleted });
  run.tell(`${dryRun ? 'Would delete' : 'Deleted'} ${deleted.applications} applications and ${deleted.patients} patient messages.`);
  if (!dryRun)
    await eraseCommitted(
      run,
      store,
      KINDS.filter((kind) => deleted[kind] > 0),
    );
}

async function backupCommand({ tell }: Run, store: SubmissionStore, target: string | undefined): Promise<void> {
  if (!target) throw new UsageError(`backup needs the file to write, e.g. data/backup.${store.kind === 'postgres' ? 'dump' : 'sqlite'}`);
  if (existsSync(target)) throw new UsageError(`${target} exists already; choose a new file name.`);
  if (!existsSync(dirname(target))) privateFolder(dirname(target));
  privateFile(target); // 0600 before a byte is written
  try {
    await store.backup(target);
    // Audited once copied, before the file is kept (staff README): a copy the audit trail cannot name is removed.
    await audit(store, 'backup', { file: target });
  } catch (error) {
    // Nothing half written is left to be mistaken for a backup, nor a copy the audit trail does not name.
    rmSync(target, { force: true });
    throw error;
  }
  tell(
    store.kind === 'postgres'
      ? `Backed up to ${target} (restore: pg_restore --clean --if-exists --dbname <database> ${target}).`
      : `Backed up to ${target} (restore: stop the site, copy it over provider.sqlite, delete provider.sqlite-wal and -shm).`,
  );
}

async function auditCommand({ print }: Run, store: SubmissionStore, since: string): Promise<void> {
  for (const entry of await store.auditEntries(beijingDayStart(since))) print(`${JSON.stringify(entry)}\n`);
}

const COMMANDS = ['export', 'purge', 'find', 'delete', 'backup', 'audit', 'migrate', 'move-to-postgres'];

const isUsageError = (error: unknown) =>
  error instanceof UsageError ||
  error instanceof OperatorError ||
  error instanceof RangeError ||
  Boolean((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'));

/**
 * The tools on `args` (as after `npm run staff --`): the exit status, 0 or 1 for a usage or operator
 * error, said on stderr. Any other error (a defect) is thrown.
 */
export async function runStaff(args: string[], io: StaffIo): Promise<number> {
  const run: Run = { env: io.env, print: (text) => io.stdout(inertKeepingLines(text)), tell: (text) => io.stderr(`${inertKeepingLines(text)}\n`) };
  try {
    return await staff(args, run);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    run.tell((error as Error).message);
    return 1;
  }
}

async function staff(args: string[], run: Run): Promise<number> {
  const { env, print, tell } = run;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string', default: env.DATA_DIR ?? 'data' },
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
  if (!COMMANDS.includes(command ?? ''))
    throw new UsageError(`${command ? `Unknown command "${command}". ` : ''}Commands: ${COMMANDS.join(', ')}. See npm run staff -- --help`);
  if (command === 'migrate') {
    await migrateCommand(postgresUrlFrom(env.DATABASE_URL), values['dry-run'] === true, tell);
    return 0;
  }
  if (command === 'move-to-postgres') {
    const url = postgresUrlFrom(env.DATABASE_URL);
    if (!url) throw new UsageError('move-to-postgres copies into the PostgreSQL database of DATABASE_URL: set it (postgres://…).');
    await moveToPostgres(values['data-dir'], url, tell);
    return 0;
  }
  const dataDir = values['data-dir'];
  const store = await open(dataDir, env);
  try {
    const person = values.email !== undefined || values.phone !== undefined;
    if (command === 'export' && person) await findCommand(run, store, dataDir, values, true);
    else if (command === 'export') await exportKind(run, store, argument, values);
    else if (command === 'find') await findCommand(run, store, dataDir, values, false);
    else if (command === 'delete') await deleteCommand(run, store, dataDir, values);
    else if (command === 'purge') await purgeCommand(run, store, argument, values);
    else if (command === 'audit') await auditCommand(run, store, values.since);
    else await backupCommand(run, store, argument);
  } finally {
    await store.close();
  }
  return 0;
}
