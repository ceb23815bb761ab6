-- The last case reference given in each (Beijing) year, as PostgreSQL keeps it. Numbering from
-- MAX(reference) + 1 gave the newest reference again once its message was deleted (a person's
-- erasure, the retention purge); the counter only moves on. It starts where the stored
-- references end.
CREATE TABLE case_reference_counters (
  year INTEGER PRIMARY KEY,
  last INTEGER NOT NULL
);
INSERT INTO case_reference_counters (year, last)
  SELECT CAST(substr(reference, 4, 4) AS INTEGER), MAX(CAST(substr(reference, 9) AS INTEGER))
  FROM patient_messages WHERE reference GLOB 'PS-[0-9][0-9][0-9][0-9]-[0-9]*' GROUP BY 1;
