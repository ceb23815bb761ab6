-- The job's title as the visitor applied for it: a later content import may give the id to
-- another job. Rows stored before take the title their job has now (in Chinese), if any.
ALTER TABLE applications ADD COLUMN job_title TEXT;
UPDATE applications SET job_title = (SELECT title FROM jobs WHERE jobs.id = applications.job_id AND jobs.locale = 'zh');
