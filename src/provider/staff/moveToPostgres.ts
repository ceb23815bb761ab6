/**
 * `npm run staff -- move-to-postgres`: the submissions, consents, case reference counters and
 * audit trail of a site that kept them in SQLite, moved into the PostgreSQL database of
 * DATABASE_URL, beside what it holds already (each host's store of a site that ran on SQLite in
 * turn), with new ids and their case references kept. One transaction, verified before it
 * commits: the rows read back from PostgreSQL must be SQLite's rows (text cleaned as every write
 * is). A case reference PostgreSQL holds already refuses the move.
 * Then they are deleted from the SQLite file (overwritten, WAL emptied) and the audit log is
 * set aside, so retention and a person's deletion reach every copy: the one in PostgreSQL.
 *
 * Two databases commit one after the other, so a move can stop between them (the process dies,
 * or the answer to PostgreSQL's COMMIT is lost). Each move therefore has an id, recorded in the
 * SQLite file before anything is copied and in PostgreSQL's `submission_moves` in the copy's own
 * transaction, with what it copied. Run again, a move whose id PostgreSQL holds copies nothing:
 * it checks that the SQLite rows are the ones copied and deletes them (finishing the SQLite side).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { connect, DATABASE_FILE, type ProviderDatabase } from '../sqliteDatabase';
import { checkPostgresSchema, checkSqliteSubmissions } from '../schema';
import { boundedPool, describeUrl, endPool } from '../submissions/postgresStore';
import { OperatorError, storable, SUBMISSION_TABLES, type AuditEntry, type Row } from '../submissions/store';
import { AUDIT_FILE, readAuditFile, setAuditAside } from '../submissions/auditFile';
import { auditEntry } from './audit';
import { eraseFromWal } from '../submissions/retention';

const TABLES = Object.values(SUBMISSION_TABLES);
/** Where the moved audit entries stay on the old host, for the record. */
export const MOVED_AUDIT_FILE = `${AUDIT_FILE}.moved-to-postgres`;

/** A row as PostgreSQL will hold it: text cleaned as every write is (`storable`). */
const cleaned = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([column, value]) => [column, typeof value === 'string' ? storable(value) : value]));
const digest = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');
/** A row without its id, which PostgreSQL gives anew. */
const withoutId = ({ id: _id, ...row }: Row): Row => row;
const maxId = async (client: pg.PoolClient, table: string): Promise<number> =>
  (await client.query<{ id: number }>(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`)).rows[0]!.id;

/** What a move copied, as `submission_moves.moved` records it: enough to recognise those rows in SQLite again. */
interface Moved {
  /** Per table: the highest SQLite id copied, how many rows, and the digest of the rows without their ids. */
  tables: Record<string, { last: number; rows: number; digest: string }>;
  /** The audit log's first `entries` entries, and their digest. */
  audit: { entries: number; digest: string };
}

/** SQLite's side, read under its write lock. */
interface Source {
  rows: Record<string, Row[]>;
  counters: unknown[];
  audit: AuditEntry[];
}

const describeSource = (source: Source): Moved => ({
  tables: Object.fromEntries(
    TABLES.map((table) => {
      const rows = source.rows[table]!;
      return [table, { last: rows.reduce((last, row) => Math.max(last, Number(row.id)), 0), rows: rows.length, digest: digest(rows.map(withoutId)) }];
    }),
  ),
  audit: { entries: source.audit.length, digest: digest(source.audit) },
});

export async function moveToPostgres(dataDir: string, url: string, tell: (text: string) => void): Promise<void> {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new OperatorError(`No SQLite database at ${file}: nothing to move (check --data-dir, the old site's DATA_DIR).`);
  const sqlite = connect(file, { fileMustExist: true });
  const where = describeUrl(url);
  const pool = boundedPool(url, { max: 1, connectionTimeoutMillis: 5_000 });
  try {
    await checkSqliteSubmissions(sqlite).catch((error: unknown) => {
      throw new OperatorError(
        `${file} is not at this release's schema (${(error as Error).message}): start this release once with it (without DATABASE_URL), stop it, then move.`,
      );
    });
    await checkPostgresSchema(pool, where);
    const unfinished = sqlite.prepare('SELECT id FROM submission_moves WHERE finished_at IS NULL ORDER BY started_at DESC LIMIT 1').pluck().get() as
      string | undefined;
    if (unfinished === undefined && TABLES.every((table) => count(sqlite, table) === 0) && readAuditFile(dataDir).length === 0)
      throw new OperatorError(`${file} holds no submissions and no audit log: nothing to move (was it moved already?).`);
    // Committed before anything is copied, so a run after a death finds it.
    const id = unfinished ?? startMove(sqlite);

    // SQLite's write lock from the read through the delete: a site still running on the file
    // (not stopped as the README says) cannot store a message in between, which the delete would
    // then take away unmoved. Its save waits busy_timeout, then fails and the visitor is told so.
    // A staff command's audit entry waits for the same lock (sqliteStore.ts).
    sqlite.exec('BEGIN IMMEDIATE');
    let outcome: { moved: Moved; interrupted: boolean; left: number };
    try {
      const source = readSource();
      const copied = await copyOnce(id, source);
      outcome = { ...copied, left: finishSqlite(id, copied.moved, source, copied.interrupted) };
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
    const notErased = eraseFromWal(sqlite);
    const { moved, interrupted, left } = outcome;
    const counts = `${moved.tables.applications!.rows} applications, ${moved.tables.patient_messages!.rows} patient messages, ${moved.audit.entries} audit entries`;
    tell(
      interrupted
        ? `Finished an interrupted move (${id}): ${where} had committed its ${counts} and the case reference counters from ${file}, and these SQLite rows match them ` +
            `(counts and digests). Nothing was copied again. They are deleted from the SQLite file; the moved audit entries are now in ${MOVED_AUDIT_FILE}.`
        : `Moved ${counts} and the case reference counters from ${file} to ${where}, verified: PostgreSQL reads back SQLite's rows. ` +
            `They are deleted from the SQLite file; its audit log is now ${MOVED_AUDIT_FILE}.`,
    );
    if (left > 0) tell(`${left} submissions or audit entries were stored in ${file} after the interrupted move: run move-to-postgres again to move them.`);
    for (const reason of notErased) tell(`Not guaranteed: ${reason}`);
  } finally {
    sqlite.close();
    // Bounded: a connection whose COMMIT got no answer may never close.
    await endPool(pool);
  }

  function readSource(): Source {
    return {
      rows: Object.fromEntries(TABLES.map((table) => [table, (sqlite.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Row[]).map(cleaned)])),
      counters: sqlite.prepare('SELECT year, last FROM case_reference_counters ORDER BY year').all(),
      audit: readAuditFile(dataDir),
    };
  }

  /**
   * Copies, verifies and commits in PostgreSQL, recording the move's id with what it copied; or,
   * when PostgreSQL holds that id already (an earlier run committed it), copies nothing and
   * returns what that run copied. The rows get PostgreSQL's next ids, after whatever it holds
   * (another host's moved store, or what hosts have stored since): their case references are
   * kept, as their reporters were given them, so a reference PostgreSQL holds already refuses the
   * whole move.
   */
  async function copyOnce(id: string, source: Source): Promise<{ moved: Moved; interrupted: boolean }> {
    const { rows, counters, audit } = source;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        // Hosts writing meanwhile wait (their saves are bounded and refused after 5 s): the ids
        // after `before` are then this move's alone. An earlier run of this move whose COMMIT is
        // still under way is waited for too, so its id is seen below.
        await client.query(`LOCK TABLE ${TABLES.join(', ')}, staff_audit, submission_moves IN SHARE ROW EXCLUSIVE MODE`);
        const earlier = (await client.query<{ moved: string }>('SELECT moved FROM submission_moves WHERE id = $1', [id])).rows[0];
        if (earlier) {
          await client.query('ROLLBACK');
          return { moved: JSON.parse(earlier.moved) as Moved, interrupted: true };
        }
        const references = rows.patient_messages!.map((row) => row.reference).filter((reference) => typeof reference === 'string');
        const taken = (
          await client.query<{ reference: string }>('SELECT reference FROM patient_messages WHERE reference = ANY($1::text[]) ORDER BY reference', [references])
        ).rows;
        if (taken.length > 0)
          throw new OperatorError(
            `${taken.length} case reference${taken.length === 1 ? ' is' : 's are'} of this store in ${where} already (${taken
              .slice(0, 3)
              .map((row) => row.reference)
              .join(', ')}${taken.length > 3 ? ', …' : ''}): two stores gave the same numbers to different reporters, who hold them. Nothing was moved. ` +
              'Keep this SQLite file and its backup: merging it needs a decision on which reports get new numbers, and telling their reporters.',
          );
        for (const table of TABLES) {
          const before = await maxId(client, table);
          const columns = (
            await client.query<{ name: string }>(
              "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id' ORDER BY ordinal_position",
              [table],
            )
          ).rows.map((row) => row.name);
          const list = columns.map((column) => `"${column}"`).join(', ');
          await client.query(
            `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json) WITH ORDINALITY AS moved ORDER BY ordinality`,
            [JSON.stringify(rows[table])],
          );
          const readBack = (await client.query(`SELECT * FROM ${table} WHERE id > $1 ORDER BY id`, [before])).rows as Row[];
          if (digest(readBack.map(withoutId)) !== digest(rows[table]!.map(withoutId)))
            throw new Error(`${table} read back from PostgreSQL differs from SQLite's; nothing was moved.`);
        }
        await client.query(
          `INSERT INTO case_reference_counters SELECT * FROM json_populate_recordset(NULL::case_reference_counters, $1::json)
           ON CONFLICT (year) DO UPDATE SET last = GREATEST(case_reference_counters.last, EXCLUDED.last)`,
          [JSON.stringify(counters)],
        );
        const auditBefore = await maxId(client, 'staff_audit');
        await client.query(
          "INSERT INTO staff_audit (at, entry) SELECT e ->> 'at', e FROM json_array_elements($1::json) WITH ORDINALITY AS a(e, n) ORDER BY n",
          [JSON.stringify(audit)],
        );
        const trail = (await client.query<{ entry: unknown }>('SELECT entry FROM staff_audit WHERE id > $1 ORDER BY id', [auditBefore])).rows.map(
          (row) => row.entry,
        );
        if (digest(trail) !== digest(audit)) throw new Error("The audit trail read back from PostgreSQL differs from SQLite's; nothing was moved.");
        const entry = auditEntry('move to postgres', {
          from: file,
          move: id,
          rows: Object.fromEntries(TABLES.map((table) => [table, rows[table]!.length])),
          auditEntries: audit.length,
        });
        await client.query('INSERT INTO staff_audit (at, entry) VALUES ($1, $2)', [entry.at, JSON.stringify(entry)]);
        const moved = describeSource(source);
        await client.query('INSERT INTO submission_moves (id, started_at, finished_at, moved) VALUES ($1, $2, $2, $3)', [id, entry.at, JSON.stringify(moved)]);
        await client.query('COMMIT').catch((error: Error) => {
          // The connection is not reused, nor waited on again for a ROLLBACK.
          broken = error;
          throw new OperatorError(
            `${where} gave no answer to the move's COMMIT (${error.message}): it may have committed or not. Nothing was deleted from ${file}. ` +
              'Run move-to-postgres again: it finishes this move if PostgreSQL has it, and copies it otherwise.',
          );
        });
        return { moved, interrupted: false };
      } catch (error) {
        if (!broken) await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * In SQLite's open transaction: the rows `moved` names deleted (after checking, for a move an
   * earlier run committed, that they are still the rows it copied), the move marked finished and
   * the moved audit entries set aside. Returns how many rows and entries are left, stored after
   * an interrupted move.
   */
  function finishSqlite(id: string, moved: Moved, source: Source, interrupted: boolean): number {
    let left = 0;
    const changed = (what: string) =>
      new OperatorError(
        `${what} in ${file} differ from what move ${id} copied into ${where} (counts or digests): nothing was deleted. ` +
          'Keep this SQLite file and its backup, and compare them with PostgreSQL before deciding what to keep.',
      );
    for (const table of TABLES) {
      const { last, rows, digest: expected } = moved.tables[table]!;
      const copied = source.rows[table]!.filter((row) => Number(row.id) <= last);
      if (copied.length !== rows || digest(copied.map(withoutId)) !== expected) throw changed(`The ${table} rows`);
      left += source.rows[table]!.length - copied.length;
      sqlite.prepare(`DELETE FROM ${table} WHERE id <= ?`).run(last);
    }
    const { entries, digest: expected } = moved.audit;
    const inLog = source.audit.slice(0, entries);
    if (inLog.length === entries && digest(inLog) === expected) {
      left += source.audit.length - entries;
      setAuditAside(dataDir, entries, MOVED_AUDIT_FILE);
    } else if (!(interrupted && digest(readAuditFile(dataDir, MOVED_AUDIT_FILE)) === expected)) {
      // Unless an earlier run set them aside before it stopped.
      throw changed('The audit entries');
    } else left += source.audit.length;
    sqlite.prepare('UPDATE submission_moves SET finished_at = ?, moved = ? WHERE id = ?').run(new Date().toISOString(), JSON.stringify(moved), id);
    return left;
  }
}

const count = (sqlite: ProviderDatabase, table: string) => sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

/** A new move's id, committed in the SQLite file before anything is copied. */
function startMove(sqlite: ProviderDatabase): string {
  const id = randomUUID();
  sqlite.prepare('INSERT INTO submission_moves (id, started_at) VALUES (?, ?)').run(id, new Date().toISOString());
  return id;
}
