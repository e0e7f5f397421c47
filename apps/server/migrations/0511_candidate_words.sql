-- Typo tolerance for candidate search (decision 0012 "Search"), the technique of jobs'
-- job_words (0103): each client's vocabulary — the words of candidates' names, skills, tags and
-- resume text, lower-cased, unstemmed, letters only, 3 to 30 long — in a small table. A query word
-- that is not in it (nor the start of a word in it) is corrected to the known words one edit away
-- (looked up by primary key) or, for longer words, to close words found with the trigram index;
-- then the normal tsvector GIN search runs. No scan of the candidates, however many.
CREATE TABLE candidate_words (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (client_id, word)
);
CREATE INDEX candidate_words_trgm_idx ON candidate_words USING gin (word gin_trgm_ops);

CREATE FUNCTION hh_candidate_words(first_name text, last_name text, skills text[], tags text[], resume_text text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector('simple',
           coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || hh_crm_words(skills) || ' ' || hh_crm_words(tags) || ' '
           || left(coalesce(resume_text, ''), 200000)))) AS w
   WHERE w ~ '^[[:alpha:]]{3,30}$'
$$;

-- Like jobs_words_sync: the insert lands on the candidate's own shard on Citus (co-located by client_id).
CREATE FUNCTION candidates_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO candidate_words (client_id, word)
  SELECT NEW.client_id, w FROM hh_candidate_words(NEW.first_name, NEW.last_name, NEW.skills, NEW.tags, NEW.resume_text) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER candidates_words_insert AFTER INSERT ON candidates FOR EACH ROW EXECUTE FUNCTION candidates_words_sync();
CREATE TRIGGER candidates_words_update AFTER UPDATE OF first_name, last_name, skills, tags, resume_text ON candidates FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.skills IS DISTINCT FROM NEW.skills
        OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.resume_text IS DISTINCT FROM NEW.resume_text)
  EXECUTE FUNCTION candidates_words_sync();

INSERT INTO candidate_words (client_id, word)
SELECT DISTINCT c.client_id, w FROM candidates c, hh_candidate_words(c.first_name, c.last_name, c.skills, c.tags, c.resume_text) AS w
ON CONFLICT DO NOTHING;
