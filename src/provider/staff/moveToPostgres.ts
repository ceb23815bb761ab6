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
 * transaction, with what it copied. Run again (under SQLite's lock, as every run copies), a move whose id
 * PostgreSQL holds copies nothing: it finishes the SQLite side, deleting the rows it copied. What
 * the old site did to those rows meanwhile (started again on SQLite: a person deleted, retention's
 * purge or address cut) is done to their copies in PostgreSQL first, so nobody erased there stays.
 *
 * The move's PostgreSQL transaction locks the submission tables on every host: it is bounded by
 * `idle_in_transaction_session_timeout` (a connection gone silent before its COMMIT arrived
 * releases them within seconds, not after TCP keep-alive's hours) and `lock_timeout` (a run
 * waiting on them gives up, saying so). It takes them in the order a host's save does (the case
 * reference counters first), so the two wait for each other and never deadlock.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { connect, DATABASE_FILE, type ProviderDatabase } from '../sqliteDatabase';
import { checkPostgresSchema, checkSqliteSubmissions } from '../schema';
import { boundedPool, describeUrl, endPool, queryLimits, SAVE_LIMITS, vacuum } from '../submissions/postgresStore';
import { OperatorError, storable, SUBMISSION_TABLES, vacuumByHand, type AuditEntry, type Row, type SubmissionKind } from '../submissions/store';
import { AUDIT_FILE, readAuditFile, setAuditAside } from '../submissions/auditFile';
import { auditEntry } from './audit';
import { ERASE_FAILED, eraseFromWal } from '../submissions/retention';

const TABLES = Object.values(SUBMISSION_TABLES);
/** Where a move's audit entries stay on the old host, for the record: one file per move. */
export const movedAuditFile = (move: string) => `${AUDIT_FILE}.moved-to-postgres.${move}`;
const KIND_OF = Object.fromEntries(Object.entries(SUBMISSION_TABLES).map(([kind, table]) => [table, kind])) as Record<string, SubmissionKind>;

/** The bounds of the move's PostgreSQL transaction. */
export interface MoveLimits {
  /** How long the move waits for the submission tables while another session holds them (a host's save, another move). */
  lockMs: number;
  /** How long PostgreSQL keeps the move's transaction, and so its locks, while no statement comes. */
  idleInTransactionMs: number;
  /** How long a statement may run; by default the staff tools' (DATABASE_STATEMENT_TIMEOUT_MS, 30 s). */
  statementMs?: number;
  /** How long an answer is waited for; by default the staff tools' (DATABASE_STATEMENT_TIMEOUT_MS + 5 s). */
  answerMs?: number;
}
/**
 * A host's save holds the tables for 8 s at most (SAVE_LIMITS), so 20 s of waiting means
 * something else holds them. The move's own statements follow each other within milliseconds:
 * 10 s without one is a client gone.
 */
export const MOVE_LIMITS: MoveLimits = { lockMs: 20_000, idleInTransactionMs: 10_000 };
/** PostgreSQL's lock_not_available: lock_timeout expired. */
const LOCK_NOT_AVAILABLE = '55P03';
/** PostgreSQL's query_canceled: statement_timeout expired (a wait for a lock included). */
const QUERY_CANCELED = '57014';
/**
 * The order every writer takes the submission tables in: a host's patient message upserts the
 * year's counter row, then inserts its message. The move locks them in the same order, so a save
 * holding the counter row is waited for, never deadlocked with (40P01).
 */
const LOCKED_TABLES = ['case_reference_counters', ...TABLES, 'staff_audit', 'submission_moves'];

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
  /**
   * Per table: the highest SQLite id copied, how many rows, the digest of the rows without their
   * ids, and each row's SQLite id, PostgreSQL id and digest (`copied`; absent from the moves of
   * earlier releases), so a finish can tell which rows the old site deleted or changed since.
   */
  tables: Record<string, { last: number; rows: number; digest: string; copied?: [number, number, string][] }>;
  /** The audit log's first `entries` entries, and their digest. */
  audit: { entries: number; digest: string };
  /**
   * Per table, the copies that runs finishing the move deleted from PostgreSQL and those whose
   * address they cut, recorded in the same transaction: a run after one whose COMMIT answer was
   * lost finds them done already, and still reports them and vacuums.
   */
  finished?: { erased: Record<string, number>; cut: Record<string, number> };
}

/** SQLite's side, read under its write lock. */
interface Source {
  rows: Record<string, Row[]>;
  /** Each row's digest without its id, in the order of `rows`: computed before PostgreSQL's transaction opens. */
  rowDigests: Record<string, string[]>;
  counters: unknown[];
  audit: AuditEntry[];
}

/** What finishing a move committed in PostgreSQL does: decided under both databases' locks. */
interface Finish {
  id: string;
  moved: Moved;
  /** Per table, the SQLite ids to delete: the copied rows still there. */
  deletes: Record<string, number[]>;
  /**
   * Per table, the copies deleted from PostgreSQL (the old site deleted them since), and those whose
   * address was cut alike: by this run or, its answer lost, by an earlier run finishing the move.
   */
  erased: Record<string, number>;
  cut: Record<string, number>;
  /** Whether the moved audit entries are still at the head of the log (else an earlier run set them aside). */
  auditInLog: boolean;
  /** Rows and audit entries stored after the move, left for the next run. */
  left: number;
}

const rowDigest = (row: Row) => digest([withoutId(row)]);

/** `source` as copied, its rows given the PostgreSQL ids `postgresIds` (in the same order). */
const describeSource = (source: Source, postgresIds: Record<string, number[]>): Moved => ({
  tables: Object.fromEntries(
    TABLES.map((table) => {
      const rows = source.rows[table]!;
      return [
        table,
        {
          last: rows.reduce((last, row) => Math.max(last, Number(row.id)), 0),
          rows: rows.length,
          digest: digest(rows.map(withoutId)),
          copied: rows.map((row, n): [number, number, string] => [Number(row.id), postgresIds[table]![n]!, source.rowDigests[table]![n]!]),
        },
      ];
    }),
  ),
  audit: { entries: source.audit.length, digest: digest(source.audit) },
});

export async function moveToPostgres(dataDir: string, url: string, tell: (text: string) => void, limits: Partial<MoveLimits> = {}): Promise<void> {
  const { lockMs, idleInTransactionMs, statementMs = queryLimits().statementMs, answerMs } = { ...MOVE_LIMITS, ...limits };
  // The hosts' and staff tools' sessions end a transaction left idle after SAVE_LIMITS.workMs (postgresStore.ts), the move's after its own bound.
  const silentMs = Math.max(idleInTransactionMs, SAVE_LIMITS.workMs);
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new OperatorError(`No SQLite database at ${file}: nothing to move (check --data-dir, the old site's DATA_DIR).`);
  const sqlite = connect(file, { fileMustExist: true });
  const where = describeUrl(url);
  const pool = boundedPool(url, {
    max: 1,
    connectionTimeoutMillis: 5_000,
    statement_timeout: statementMs,
    ...(answerMs === undefined ? {} : { query_timeout: answerMs }),
  });
  const nothingToMove = () => new OperatorError(`${file} holds no submissions and no audit log: nothing to move (was it moved already?).`);
  try {
    await checkSqliteSubmissions(sqlite).catch((error: unknown) => {
      throw new OperatorError(
        `${file} is not at this release's schema (${(error as Error).message}): start this release once with it (without DATABASE_URL), stop it, then move.`,
      );
    });
    await checkPostgresSchema(pool, where);
    // Spares recording a move for nothing; decided again under the locks.
    if (unfinishedMoves(sqlite).length === 0 && TABLES.every((table) => count(sqlite, table) === 0) && readAuditFile(dataDir).length === 0)
      throw nothingToMove();
    // Committed on its own before anything is copied, so a run after a death finds it.
    const id = startMove(sqlite);

    // SQLite's write lock from the read through the delete: a site still running on the file
    // (not stopped as the README says) cannot store a message in between, which the delete would
    // then take away unmoved. Its save waits busy_timeout, then fails and the visitor is told so.
    // A staff command's audit entry waits for the same lock (sqliteStore.ts). Another run of the
    // move waits too, and then learns from PostgreSQL what this one committed.
    let committing = false;
    let outcome: { finish: Finish; interrupted: boolean; more: boolean };
    try {
      try {
        sqlite.exec('BEGIN IMMEDIATE');
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        throw new OperatorError(
          `${file} stayed locked by another process (the old site still running, or another move): nothing was moved. Stop the site, then run move-to-postgres again.`,
        );
      }
      // Read before PostgreSQL's transaction opens: while it holds the tables, it is never idle for long.
      const source = readSource();
      outcome = await inPostgres(id, unfinishedMoves(sqlite), source, () => (committing = true));
      finishSqlite(outcome.finish);
      // A run that finished an earlier move copied nothing under its own id.
      if (outcome.interrupted) sqlite.prepare('DELETE FROM submission_moves WHERE id = ?').run(id);
      sqlite.exec('COMMIT');
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      // Refused before its COMMIT was sent, the move copied nothing under this id.
      if (!committing)
        try {
          sqlite.prepare('DELETE FROM submission_moves WHERE id = ? AND finished_at IS NULL').run(id);
        } catch {
          // A file still locked keeps it (PostgreSQL never holds it, so later runs copy as usual): the error said is the refusal's.
        }
      throw error;
    }
    const notErased = eraseFromWal(sqlite);
    const { finish, interrupted, more } = outcome;
    const { moved, left } = finish;
    const counts = `${moved.tables.applications!.rows} applications, ${moved.tables.patient_messages!.rows} patient messages, ${moved.audit.entries} audit entries`;
    tell(
      interrupted
        ? `Finished an interrupted move (${finish.id}): ${where} had committed its ${counts} and the case reference counters from ${file}, and the SQLite rows still there match them ` +
            `(digests). Nothing was copied again. They are deleted from the SQLite file; the moved audit entries are now in ${movedAuditFile(finish.id)}.`
        : `Moved ${counts} and the case reference counters from ${file} to ${where}, verified: PostgreSQL reads back SQLite's rows. ` +
            `They are deleted from the SQLite file; its audit log is now ${movedAuditFile(finish.id)}.`,
    );
    const erased = Object.values(finish.erased).reduce((sum, n) => sum + n, 0);
    if (erased > 0)
      tell(
        `${erased} of the moved submissions had been deleted from ${file} since the move (a person's deletion, retention): they are deleted from ${where} too.`,
      );
    const cut = Object.values(finish.cut).reduce((sum, n) => sum + n, 0);
    if (cut > 0) tell(`${cut} of the moved submissions had their address cut to its network in ${file} since the move: cut alike in ${where}.`);
    // A cut address's full form stays in the row's old version until VACUUM, as a deleted row does.
    const touched = TABLES.filter((table) => finish.erased[table]! + finish.cut[table]! > 0);
    if (touched.length > 0) {
      const kinds = touched.map((table) => KIND_OF[table]!);
      // Run again, the move has nothing to move: what it could not erase is said with the VACUUM to run by hand.
      for (const reason of await vacuum(pool, kinds).catch((error: Error) => [
        `${ERASE_FAILED} (${error.message}): they stay in ${where}'s table files until a VACUUM. ${vacuumByHand(kinds)}`,
      ]))
        tell(`Not guaranteed: ${reason}`);
    }
    if (left > 0) tell(`${left} submissions or audit entries were stored in ${file} after the interrupted move: run move-to-postgres again to move them.`);
    if (more) tell(`${file} records another move that ${where} committed: run move-to-postgres again to finish it.`);
    for (const reason of notErased) tell(`Not guaranteed: ${reason}`);
  } finally {
    sqlite.close();
    // Bounded: a connection whose COMMIT got no answer may never close.
    await endPool(pool);
  }

  function readSource(): Source {
    const rows = Object.fromEntries(TABLES.map((table) => [table, (sqlite.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Row[]).map(cleaned)]));
    return {
      rows,
      rowDigests: Object.fromEntries(TABLES.map((table) => [table, rows[table]!.map(rowDigest)])),
      counters: sqlite.prepare('SELECT year, last FROM case_reference_counters ORDER BY year').all(),
      audit: readAuditFile(dataDir),
    };
  }

  /**
   * One PostgreSQL transaction, holding the submission tables against every host (saves wait,
   * bounded, and are refused after 5 s): when PostgreSQL holds one of SQLite's unfinished moves
   * (an earlier run committed it, then stopped), what finishing it takes, done in PostgreSQL
   * first; otherwise SQLite's rows copied and verified under the move `id`. An earlier run whose
   * COMMIT is still under way is waited for, so its id is seen.
   */
  async function inPostgres(
    id: string,
    unfinished: string[],
    source: Source,
    onCommit: () => void,
  ): Promise<{ finish: Finish; interrupted: boolean; more: boolean }> {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(
        `BEGIN; SET LOCAL idle_in_transaction_session_timeout = ${Math.round(idleInTransactionMs)}; SET LOCAL lock_timeout = ${Math.round(lockMs)}`,
      );
      try {
        await client.query(`LOCK TABLE ${LOCKED_TABLES.join(', ')} IN SHARE ROW EXCLUSIVE MODE`).catch((error: Error & { code?: string }) => {
          // A statement timeout below lock_timeout ends the wait first.
          if (error.code !== LOCK_NOT_AVAILABLE && error.code !== QUERY_CANCELED) throw error;
          throw new OperatorError(
            `${where} kept the submission tables locked for ${Math.min(lockMs, statementMs) / 1000} s (another move, or a session holding them): nothing was moved. ` +
              `A silent session of the site's hosts, its staff tools or a move gives them up within ${silentMs / 1000} s of its last statement; ` +
              'run move-to-postgres again. If it keeps failing, another client holds them: pg_locks and pg_stat_activity name the session.',
          );
        });
        const committed = (
          await client.query<{ id: string; moved: string }>('SELECT id, moved FROM submission_moves WHERE id = ANY($1::text[]) ORDER BY started_at, id', [
            unfinished,
          ])
        ).rows;
        const result =
          committed.length > 0
            ? {
                finish: await reconcile(client, committed[0]!.id, JSON.parse(committed[0]!.moved) as Moved, source),
                interrupted: true,
                more: committed.length > 1,
              }
            : { finish: await copy(client, id, source), interrupted: false, more: false };
        onCommit();
        await client.query('COMMIT').catch((error: Error) => {
          // The connection is not reused, nor waited on again for a ROLLBACK.
          broken = error;
          throw new OperatorError(
            `${where} gave no answer to the move's COMMIT (${error.message}): it may have committed or not. Nothing was deleted from ${file}. ` +
              'Run move-to-postgres again: it finishes this move if PostgreSQL has it, and copies it otherwise.',
          );
        });
        return result;
      } catch (error) {
        if (!broken) await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
        throw refusal(error as Error & { code?: string });
      }
    } finally {
      client.release(broken);
    }
  }

  /** A row lock or a statement timeout met after the LOCK (a row another client locked): said, with what to do. */
  function refusal(error: Error & { code?: string }): Error {
    if (error.code === LOCK_NOT_AVAILABLE)
      return new OperatorError(
        `${where} kept a row the move writes locked for ${lockMs / 1000} s (${error.message}): nothing was moved. ` +
          'Run move-to-postgres again; if it keeps failing, pg_locks and pg_stat_activity name the session holding it.',
      );
    if (error.code === QUERY_CANCELED)
      return new OperatorError(
        `${where} cancelled a statement of the move after ${statementMs / 1000} s (${error.message}): nothing was moved. ` +
          'Run move-to-postgres again when the database is quiet; for a very large store, with a larger DATABASE_STATEMENT_TIMEOUT_MS.',
      );
    return error;
  }

  /**
   * SQLite's rows copied, verified and recorded as the move `id`, with what it copied. The rows
   * get PostgreSQL's next ids, after whatever it holds (another host's moved store, or what hosts
   * have stored since): their case references are kept, as their reporters were given them, so a
   * reference PostgreSQL holds already refuses the whole move.
   */
  async function copy(client: pg.PoolClient, id: string, source: Source): Promise<Finish> {
    if (isEmpty(source)) throw nothingToMove();
    const { rows, counters, audit } = source;
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
    const postgresIds: Record<string, number[]> = {};
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
      postgresIds[table] = readBack.map((row) => Number(row.id));
    }
    await client.query(
      `INSERT INTO case_reference_counters SELECT * FROM json_populate_recordset(NULL::case_reference_counters, $1::json)
       ON CONFLICT (year) DO UPDATE SET last = GREATEST(case_reference_counters.last, EXCLUDED.last)`,
      [JSON.stringify(counters)],
    );
    const auditBefore = await maxId(client, 'staff_audit');
    await client.query("INSERT INTO staff_audit (at, entry) SELECT e ->> 'at', e FROM json_array_elements($1::json) WITH ORDINALITY AS a(e, n) ORDER BY n", [
      JSON.stringify(audit),
    ]);
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
    const moved = describeSource(source, postgresIds);
    await client.query('INSERT INTO submission_moves (id, started_at, finished_at, moved) VALUES ($1, $2, $2, $3)', [id, entry.at, JSON.stringify(moved)]);
    const none = Object.fromEntries(TABLES.map((table) => [table, 0]));
    return {
      id,
      moved,
      deletes: Object.fromEntries(TABLES.map((table) => [table, rows[table]!.map((row) => Number(row.id))])),
      erased: none,
      cut: none,
      auditInLog: true,
      left: 0,
    };
  }

  /**
   * The move `id`, committed in PostgreSQL by an earlier run, checked against SQLite's rows now.
   * A copied row the old site deleted since is deleted from PostgreSQL; one whose address it cut
   * (retention) is cut alike there; any other change refuses, deleting nothing. Rows stored after
   * the move are left for the next run.
   */
  async function reconcile(client: pg.PoolClient, id: string, moved: Moved, source: Source): Promise<Finish> {
    const changed = (what: string, why = '') =>
      new OperatorError(
        `${what} in ${file} differ from what move ${id} copied into ${where}${why}: nothing was deleted. ` +
          'Keep this SQLite file and its backup, and compare them with PostgreSQL before deciding what to keep.',
      );
    const finish: Finish = { id, moved, deletes: {}, erased: {}, cut: {}, auditInLog: true, left: 0 };
    for (const table of TABLES) {
      const { last, rows, digest: expected, copied } = moved.tables[table]!;
      const stored = source.rows[table]!.filter((row) => Number(row.id) <= last);
      finish.erased[table] = 0;
      finish.cut[table] = 0;
      if (!copied) {
        // A move recorded without its rows' ids: only the whole set can be recognised.
        if (stored.length !== rows || digest(stored.map(withoutId)) !== expected) throw changed(`The ${table} rows`, ' (counts or digests)');
        finish.deletes[table] = stored.map((row) => Number(row.id));
      } else {
        const byId = new Map(source.rows[table]!.map((row, n) => [Number(row.id), { row, digest: source.rowDigests[table]![n]! }]));
        const gone: number[] = [];
        finish.deletes[table] = [];
        for (const [sqliteId, postgresId, expectedRow] of copied) {
          const found = byId.get(sqliteId);
          if (!found) {
            gone.push(postgresId);
            continue;
          }
          finish.deletes[table]!.push(sqliteId);
          if (found.digest !== expectedRow)
            finish.cut[table]! += await cutAlike(client, table, found.row, postgresId, () => changed(`The ${table} row ${sqliteId}`));
        }
        if (gone.length > 0) finish.erased[table] = (await client.query(`DELETE FROM ${table} WHERE id = ANY($1::bigint[])`, [gone])).rowCount ?? 0;
      }
      finish.left += source.rows[table]!.length - finish.deletes[table]!.length;
    }
    const { entries, digest: expectedAudit } = moved.audit;
    const inLog = source.audit.slice(0, entries);
    if (inLog.length === entries && digest(inLog) === expectedAudit) finish.left += source.audit.length - entries;
    // Unless an earlier run set them aside before it stopped.
    else if (digest(readAuditFile(dataDir, movedAuditFile(id))) === expectedAudit) {
      finish.auditInLog = false;
      finish.left += source.audit.length;
    } else throw changed('The audit entries', ' (counts or digests)');
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (total(finish.erased) + total(finish.cut) > 0) {
      const entry = auditEntry('finish move to postgres', { from: file, move: id, deleted: finish.erased, addressesCut: finish.cut });
      await client.query('INSERT INTO staff_audit (at, entry) VALUES ($1, $2)', [entry.at, JSON.stringify(entry)]);
    }
    // What earlier runs did here is done already (a DELETE finds the rows gone): added from the record.
    const earlier = moved.finished ?? { erased: {}, cut: {} };
    const done = {
      erased: Object.fromEntries(TABLES.map((table) => [table, finish.erased[table]! + (earlier.erased[table] ?? 0)])),
      cut: Object.fromEntries(TABLES.map((table) => [table, finish.cut[table]! + (earlier.cut[table] ?? 0)])),
    };
    finish.moved = { ...moved, finished: done };
    if (total(finish.erased) + total(finish.cut) > 0)
      await client.query('UPDATE submission_moves SET moved = $1 WHERE id = $2', [JSON.stringify(finish.moved), id]);
    return { ...finish, ...done };
  }

  /**
   * In SQLite's open transaction, after PostgreSQL committed: the copied rows still there deleted,
   * the move marked finished and its audit entries set aside.
   */
  function finishSqlite({ id, moved, deletes, auditInLog }: Finish): void {
    for (const table of TABLES) sqlite.prepare(`DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(deletes[table]));
    if (auditInLog) setAuditAside(dataDir, moved.audit.entries, movedAuditFile(id));
    sqlite.prepare('UPDATE submission_moves SET finished_at = ?, moved = ? WHERE id = ?').run(new Date().toISOString(), JSON.stringify(moved), id);
  }
}

/**
 * `row` changed in SQLite since it was copied as PostgreSQL's `postgresId`: 1 when only its
 * address differs from the copy, which is then cut alike (retention on the old site), 0 when the
 * copy is gone or alike already; any other change is `refused`.
 */
async function cutAlike(client: pg.PoolClient, table: string, row: Row, postgresId: number, refused: () => Error): Promise<number> {
  const copy = (await client.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [postgresId])).rows[0];
  if (!copy) return 0;
  const differing = Object.keys(withoutId(row)).filter((column) => JSON.stringify(copy[column]) !== JSON.stringify(row[column]));
  if (differing.some((column) => column !== 'client_ip')) throw refused();
  if (differing.length === 0) return 0;
  await client.query(`UPDATE ${table} SET client_ip = $1 WHERE id = $2`, [row.client_ip, postgresId]);
  return 1;
}

const count = (sqlite: ProviderDatabase, table: string) => sqlite.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
const isEmpty = (source: Source) => TABLES.every((table) => source.rows[table]!.length === 0) && source.audit.length === 0;

/** The moves this SQLite file started and has not finished, oldest first: PostgreSQL says which of them committed. */
const unfinishedMoves = (sqlite: ProviderDatabase): string[] =>
  sqlite.prepare('SELECT id FROM submission_moves WHERE finished_at IS NULL ORDER BY started_at, id').pluck().all() as string[];

/** A new move's id, committed in the SQLite file (under its write lock) before anything is copied. */
function startMove(sqlite: ProviderDatabase): string {
  const id = randomUUID();
  sqlite.transaction(() => sqlite.prepare('INSERT INTO submission_moves (id, started_at) VALUES (?, ?)').run(id, new Date().toISOString())).immediate();
  return id;
}
