-- Typo tolerance for job search without a trigram scan over every job: each client's
-- vocabulary (the English lexemes of job titles and department names) is kept in a small table
-- with a trigram index. A query word that is not in the vocabulary is widened to the closest
-- known word (pg_trgm similarity), then the normal tsvector GIN search runs. This is the spelling
-- suggestion technique of the PostgreSQL pg_trgm documentation, applied per tenant.
CREATE TABLE job_words (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (client_id, word)
);
CREATE INDEX job_words_trgm_idx ON job_words USING gin (word gin_trgm_ops);

CREATE FUNCTION jobs_words_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_words (client_id, word)
  SELECT NEW.client_id, w FROM unnest(tsvector_to_array(to_tsvector('english', coalesce(NEW.title, '') || ' ' || coalesce(NEW.department_name, '')))) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER jobs_words_sync AFTER INSERT OR UPDATE OF title, department_name ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_words_sync();

INSERT INTO job_words (client_id, word)
SELECT DISTINCT client_id, w FROM jobs, unnest(tsvector_to_array(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(department_name, '')))) AS w
ON CONFLICT DO NOTHING;

-- The title trigram index is no longer used by search; the vocabulary replaces it.
DROP INDEX IF EXISTS jobs_title_trgm_idx;
