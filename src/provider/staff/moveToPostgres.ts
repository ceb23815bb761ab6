/**
 * `npm run staff -- move-to-postgres`: the submissions, consents, case reference counters and
 * audit trail of a site that kept them in SQLite, moved into the PostgreSQL database of
 * DATABASE_URL, beside what it holds already (each host's store of a site that ran on SQLite in
 * turn), with new ids and their case references kept. One transaction, verified before it
 * commits: the rows read back from PostgreSQL must be SQLite's rows (text cleaned as every write
 * is). A case reference PostgreSQL holds already refuses the move.
 * Then they are deleted from the SQLite file (overwritten, WAL emptied) and the audit log is
 * renamed, so retention and a person's deletion reach every copy: the one in PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { connect, DATABASE_FILE } from '../sqliteDatabase';
import { checkPostgresSchema, checkSqliteSubmissions } from '../schema';
import { boundedPool, describeUrl } from '../submissions/postgresStore';
import { OperatorError, storable, SUBMISSION_TABLES, type Row } from '../submissions/store';
import { AUDIT_FILE, readAuditFile } from '../submissions/auditFile';
import { auditEntry } from './audit';
import { eraseFromWal } from '../submissions/retention';

const TABLES = Object.values(SUBMISSION_TABLES);

/** A row as PostgreSQL will hold it: text cleaned as every write is (`storable`). */
const cleaned = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).map(([column, value]) => [column, typeof value === 'string' ? storable(value) : value]));
const digest = (rows: unknown[]) => createHash('sha256').update(JSON.stringify(rows)).digest('hex');
/** A row without its id, which PostgreSQL gives anew. */
const withoutId = ({ id: _id, ...row }: Row): Row => row;
const maxId = async (client: pg.PoolClient, table: string): Promise<number> =>
  (await client.query<{ id: number }>(`SELECT COALESCE(MAX(id), 0) AS id FROM ${table}`)).rows[0]!.id;

export async function moveToPostgres(dataDir: string, url: string, tell: (text: string) => void): Promise<void> {
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new OperatorError(`No SQLite database at ${file}: nothing to move (check --data-dir, the old site's DATA_DIR).`);
  const sqlite = connect(file, { fileMustExist: true });
  const where = describeUrl(url);
  const pool = boundedPool(url, { max: 1, connectionTimeoutMillis: 5_000 });
  let moved = { applications: 0, patient_messages: 0, auditEntries: 0 };
  try {
    await checkSqliteSubmissions(sqlite).catch((error: unknown) => {
      throw new OperatorError(
        `${file} is not at this release's schema (${(error as Error).message}): start this release once with it (without DATABASE_URL), stop it, then move.`,
      );
    });
    await checkPostgresSchema(pool, where);
    // SQLite's write lock from the read through the delete: a site still running on the file
    // (not stopped as the README says) cannot store a message in between, which the delete would
    // then take away unmoved. Its save waits busy_timeout, then fails and the visitor is told so.
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      await copyLocked();
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw error;
    }
    const notErased = eraseFromWal(sqlite);
    if (existsSync(join(dataDir, AUDIT_FILE))) renameSync(join(dataDir, AUDIT_FILE), join(dataDir, `${AUDIT_FILE}.moved-to-postgres`));
    tell(
      `Moved ${moved.applications} applications, ${moved.patient_messages} patient messages, ${moved.auditEntries} audit entries and the case reference counters ` +
        `from ${file} to ${where}, verified: PostgreSQL reads back SQLite's rows. They are deleted from the SQLite file; its audit log is now ${AUDIT_FILE}.moved-to-postgres.`,
    );
    for (const reason of notErased) tell(`Not guaranteed: ${reason}`);
  } finally {
    sqlite.close();
    await pool.end();
  }

  /**
   * Copies, verifies and commits in PostgreSQL, then deletes the moved rows in SQLite's open
   * transaction. The rows get PostgreSQL's next ids, after whatever it holds (another host's
   * moved store, or what hosts have stored since): their case references are kept, as their
   * reporters were given them, so a reference PostgreSQL holds already refuses the whole move.
   */
  async function copyLocked(): Promise<void> {
    const rows = Object.fromEntries(TABLES.map((table) => [table, (sqlite.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Row[]).map(cleaned)]));
    const counters = sqlite.prepare('SELECT year, last FROM case_reference_counters ORDER BY year').all();
    const audit = readAuditFile(dataDir);
    if (TABLES.every((table) => rows[table]!.length === 0) && audit.length === 0)
      throw new OperatorError(`${file} holds no submissions and no audit log: nothing to move (was it moved already?).`);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      try {
        // Hosts writing meanwhile wait (their saves are bounded and refused after 5 s): the ids
        // after `before` are then this move's alone.
        await client.query(`LOCK TABLE ${TABLES.join(', ')}, staff_audit IN SHARE ROW EXCLUSIVE MODE`);
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
          rows: Object.fromEntries(TABLES.map((table) => [table, rows[table]!.length])),
          auditEntries: audit.length,
        });
        await client.query('INSERT INTO staff_audit (at, entry) VALUES ($1, $2)', [entry.at, JSON.stringify(entry)]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
        throw error;
      }
    } finally {
      client.release(broken);
    }
    for (const table of TABLES) sqlite.prepare(`DELETE FROM ${table}`).run();
    moved = { applications: rows.applications!.length, patient_messages: rows.patient_messages!.length, auditEntries: audit.length };
  }
}
