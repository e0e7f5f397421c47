-- The vocabulary triggers (job_words 0103, candidate_words 0511) on a Citus cluster.
--
-- A row trigger of a distributed table fires on the shard, on its worker. Written through the
-- distributed table's name, the tenant's new words were a distributed INSERT for every row (planned by
-- Citus and run through its executor, even though the target shard is on the same worker): measured at
-- 0.8 ms a candidate, ten times the candidate's own insert, so a bulk import of 50,000 candidates spent
-- 45 s in it on a quiet machine and minutes on a busy one.
--
-- On a shard the triggers now write the tenant's co-located shard of the vocabulary table directly: a
-- local insert in the same transaction on the same worker (co-location by client_id puts both shards
-- there). The shard is looked up in Citus's metadata for each row, so a rebalanced cluster is followed.
-- On plain PostgreSQL, and for the distributed table itself, the insert is the one it always was.
CREATE OR REPLACE FUNCTION candidates_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'candidates' THEN
    INSERT INTO candidate_words (client_id, word)
    SELECT NEW.client_id, w FROM hh_candidate_words(NEW.first_name, NEW.last_name, NEW.skills, NEW.tags, NEW.resume_text) AS w
    ON CONFLICT DO NOTHING;
  ELSE
    -- A Citus shard (candidates_<shard id>): the same tenant's shard of candidate_words.
    EXECUTE format('INSERT INTO %s (client_id, word) SELECT $1, w FROM hh_candidate_words($2, $3, $4, $5, $6) AS w ON CONFLICT DO NOTHING',
                   shard_name('candidate_words'::regclass, get_shard_id_for_distribution_column('candidate_words'::regclass, NEW.client_id)))
      USING NEW.client_id, NEW.first_name, NEW.last_name, NEW.skills, NEW.tags, NEW.resume_text;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION jobs_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'jobs' THEN
    INSERT INTO job_words (client_id, word)
    SELECT NEW.client_id, w FROM unnest(tsvector_to_array(to_tsvector('english', coalesce(NEW.title, '') || ' ' || coalesce(NEW.department_name, '')))) AS w
    ON CONFLICT DO NOTHING;
  ELSE
    -- A Citus shard (jobs_<shard id>): the same tenant's shard of job_words.
    EXECUTE format('INSERT INTO %s (client_id, word) SELECT $1, w FROM unnest(tsvector_to_array(to_tsvector(''english'', $2))) AS w ON CONFLICT DO NOTHING',
                   shard_name('job_words'::regclass, get_shard_id_for_distribution_column('job_words'::regclass, NEW.client_id)))
      USING NEW.client_id, coalesce(NEW.title, '') || ' ' || coalesce(NEW.department_name, '');
  END IF;
  RETURN NULL;
END $$;
