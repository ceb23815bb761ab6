-- A daily job claims its (Beijing) day here, as in PostgreSQL: of several processes on one
-- file, the one whose INSERT wins runs it. A failure is written beside the claim.
CREATE TABLE job_runs (
  job TEXT NOT NULL,
  day TEXT NOT NULL,
  host TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  failure TEXT,
  PRIMARY KEY (job, day)
);
