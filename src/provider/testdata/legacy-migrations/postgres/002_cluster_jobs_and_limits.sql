-- What the hosts of one site agree on beyond submissions.
-- A daily job claims its (Beijing) day here; the host whose INSERT wins runs it, the others
-- skip it, so it runs once for the whole site. A failure is written beside the claim.
CREATE TABLE job_runs (
  job text NOT NULL,
  day text NOT NULL,
  host text NOT NULL,
  started_at text NOT NULL,
  finished_at text,
  failure text,
  PRIMARY KEY (job, day)
);

-- Per-visitor counters (form submissions, searches) in rate-limiter-flexible's own layout, so
-- one visitor has one allowance whichever host answers.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
