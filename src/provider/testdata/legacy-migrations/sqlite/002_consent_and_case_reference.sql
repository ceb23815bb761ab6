-- Consent records (PIPL) on both submissions; a case reference and a safety flag on patient
-- messages. Rows stored before this migration keep NULL consent and reference, flag 0.
ALTER TABLE applications ADD COLUMN consent_version TEXT;
ALTER TABLE applications ADD COLUMN consent_at TEXT;
ALTER TABLE patient_messages ADD COLUMN consent_version TEXT;
ALTER TABLE patient_messages ADD COLUMN health_consent_version TEXT;
ALTER TABLE patient_messages ADD COLUMN consent_at TEXT;
-- SQLite cannot add a UNIQUE column; a unique index says the same (NULLs stay allowed).
ALTER TABLE patient_messages ADD COLUMN reference TEXT;
CREATE UNIQUE INDEX patient_messages_reference ON patient_messages (reference);
ALTER TABLE patient_messages ADD COLUMN safety_flag INTEGER NOT NULL DEFAULT 0;
