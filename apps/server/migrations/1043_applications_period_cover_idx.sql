-- Reports read a period's applications of a client (reports/metrics: the cohort of stage conversion,
-- the applications per day). With (client_id, created_at) alone, a year's 120,000 of a client's 240,000
-- applications were found by reading every one of the client's rows from the table (their pages hold
-- applications of every date: 0.7 s under load, bench/pipeline). With the job, the stage and the id
-- in the index, the period is read from the index alone (where the visibility map allows). It replaces
-- the (client_id, created_at DESC) index, which it serves too (read backwards).
CREATE INDEX IF NOT EXISTS applications_period_cover_idx ON applications (client_id, created_at) INCLUDE (job_id, stage_id, id);
DROP INDEX IF EXISTS applications_client_created_idx;
-- Stage conversion groups the period's applications by job and stage. Each column alone has thousands
-- of values, so the planner expected 100,000 groups (there are a few hundred) and sorted 120,000 rows
-- on disk instead of hashing them: the pair's real number of distinct values fixes the estimate.
CREATE STATISTICS IF NOT EXISTS applications_job_stage (ndistinct) ON job_id, stage_id FROM applications;
ANALYZE applications;
