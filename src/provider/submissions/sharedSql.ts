/**
 * Statements both stores run as written here: SQLite and PostgreSQL read the same SQL, only the
 * parameter markers differ (`?` or `$1`), so the two cannot drift apart. Parameters are numbered
 * in the order they appear, as better-sqlite3 binds `?` by position.
 */
export type Param = (n: number) => string;
export const SQLITE_PARAM: Param = () => '?';
export const POSTGRES_PARAM: Param = (n) => `$${n}`;

/** The counter row of a year, taken and moved on in the message's transaction: a number is never given twice, even after its message is deleted. */
export const NEXT_CASE_SEQUENCE = (p: Param) =>
  `INSERT INTO case_reference_counters (year, last) VALUES (${p(1)}, 1) ON CONFLICT (year) DO UPDATE SET last = case_reference_counters.last + 1 RETURNING last`;

/** A daily job's claim on a day: the INSERT that wins names the one process that runs it. */
export const CLAIM_DAILY_JOB = (p: Param) =>
  `INSERT INTO job_runs (job, day, host, started_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) ON CONFLICT (job, day) DO NOTHING`;

/** Parameters: finished_at, failure, job, day. */
export const FINISH_DAILY_JOB = (p: Param) => `UPDATE job_runs SET finished_at = ${p(1)}, failure = ${p(2)} WHERE job = ${p(3)} AND day = ${p(4)}`;
