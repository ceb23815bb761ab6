/**
 * How long each kind of submission is kept, as the privacy notice says: job applications are
 * deleted within six months; patient-service messages (adverse-reaction reports among them)
 * are kept for the pharmacovigilance period (GVP: records at least ten years).
 */
import type Database from 'better-sqlite3';
import { SUBMISSION_TABLES, type SubmissionKind } from './exportRows';

export const RETENTION_DAYS: Record<SubmissionKind, number> = { applications: 180, patients: 3650 };

export interface PurgeOutcome {
  kind: SubmissionKind;
  cutoff: string;
  rows: number;
}

/** Rows of each kind stored before its cutoff; deleted unless `dryRun`. One transaction for all kinds. */
export function purge(db: Database.Database, days: Partial<Record<SubmissionKind, number>>, now: Date, dryRun: boolean): PurgeOutcome[] {
  return db.transaction(() =>
    (Object.entries(days) as [SubmissionKind, number][]).map(([kind, n]) => {
      const table = SUBMISSION_TABLES[kind];
      const cutoff = new Date(now.getTime() - n * 86_400_000).toISOString();
      const rows = dryRun
        ? (db.prepare(`SELECT COUNT(*) FROM ${table} WHERE created_at < ?`).pluck().get(cutoff) as number)
        : db.prepare(`DELETE FROM ${table} WHERE created_at < ?`).run(cutoff).changes;
      return { kind, cutoff, rows };
    }),
  )();
}

/**
 * Deleted rows are overwritten in the file (secure_delete), but their earlier versions stay in
 * the WAL until a checkpoint: copy it back and truncate it, so the data is gone from both.
 * Returns false when a reader kept the WAL from being emptied (run again when the site is quiet).
 */
export function eraseFromWal(db: Database.Database): boolean {
  const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  return !result || result.busy === 0;
}
