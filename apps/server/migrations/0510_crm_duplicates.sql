-- Candidate duplicates and merges (decision 0012 "Duplicates").
--
-- A candidate's duplicate keys are computed by PostgreSQL from its own row, so every insert path
-- (career-site apply, Indeed Apply, create, import, update) keeps them true without code:
--   e:<email>   lower-cased, trimmed, "+tag" dropped; gmail.com/googlemail.com without dots
--   p:<digits>  the phone's last 10 digits (7 to 10 digits kept as they are; fewer is no key)
--   n:<name>|c:<city>,<state>   first and last name (letters only, lower-cased) plus the city
--   n:<name>|z:<zip>            first and last name plus the zip code (5 digits for a US zip)
-- Two live candidates of one client sharing any key are a likely duplicate pair.
CREATE FUNCTION hh_crm_dup_keys(email text, phone text, first_name text, last_name text, city text, state text, zip text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN position('@' IN e) > 1 THEN
      'e:' || CASE WHEN dom IN ('gmail.com', 'googlemail.com') THEN replace(loc, '.', '') || '@gmail.com' ELSE loc || '@' || dom END
    END,
    CASE WHEN length(d) >= 10 THEN 'p:' || right(d, 10) WHEN length(d) >= 7 THEN 'p:' || d END,
    CASE WHEN fn <> '' AND ln <> '' AND coalesce(btrim(city), '') <> '' THEN
      'n:' || fn || ' ' || ln || '|c:' || lower(btrim(city)) || ',' || lower(btrim(coalesce(state, '')))
    END,
    CASE WHEN fn <> '' AND ln <> '' AND z <> '' THEN
      'n:' || fn || ' ' || ln || '|z:' || CASE WHEN z ~ '^[0-9]{5}' THEN left(z, 5) ELSE z END
    END
  ], NULL)
  FROM (SELECT lower(btrim(coalesce(email, ''))) AS e,
               regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g') AS d,
               btrim(regexp_replace(lower(coalesce(first_name, '')), '[^[:alpha:]]+', ' ', 'g')) AS fn,
               btrim(regexp_replace(lower(coalesce(last_name, '')), '[^[:alpha:]]+', ' ', 'g')) AS ln,
               lower(regexp_replace(coalesce(zip, ''), '\s', '', 'g')) AS z) AS x,
       LATERAL (SELECT regexp_replace(split_part(e, '@', 1), '\+.*$', '') AS loc, split_part(e, '@', 2) AS dom) AS y
$$;

ALTER TABLE candidates ADD COLUMN dup_keys text[] GENERATED ALWAYS AS (
  hh_crm_dup_keys(email, phone, first_name, last_name, city, state, zip_code)
) STORED;
-- The keys of one candidate find the others through this index (its client_id is in the WHERE too).
CREATE INDEX candidates_dup_keys_idx ON candidates USING gin (dup_keys) WHERE merged_into IS NULL;

-- One row per merge: what moved from the merged candidate to the survivor, and what the survivor
-- looked like before, so that an undo within 24 hours puts every row back on its own side.
CREATE TABLE candidate_merges (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  survivor_id uuid NOT NULL,
  merged_id uuid NOT NULL,
  actor_id uuid,
  actor_email text,
  reasons text[] NOT NULL DEFAULT '{}',
  undo jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_at timestamptz,
  PRIMARY KEY (client_id, id)
);
CREATE INDEX candidate_merges_candidate_idx ON candidate_merges (client_id, survivor_id, created_at DESC);

-- Pairs a recruiter marked "not the same person": no longer offered (lower id first).
CREATE TABLE candidate_duplicate_dismissals (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  candidate_a uuid NOT NULL,
  candidate_b uuid NOT NULL,
  actor_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, candidate_a, candidate_b),
  CHECK (candidate_a < candidate_b)
);
