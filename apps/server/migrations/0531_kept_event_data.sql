-- Erasure (crm/privacy/anonymise-candidate.ts) keeps only the timeline data that names no one:
-- which job, which source, which status move. One function instead of an expression in the UPDATE,
-- because Citus refuses STABLE functions with column references in an UPDATE (jsonb_build_object is
-- STABLE only for the output functions of arbitrary types; with jsonb arguments its result depends on
-- its input alone, so IMMUTABLE is true here). db/distribute.ts copies it to every node.
CREATE FUNCTION hh_kept_event_data(data jsonb, type text) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'jobId', data->'jobId', 'jobTitle', data->'jobTitle', 'source', data->'source', 'applicationId', data->'applicationId',
    'from', CASE WHEN type = 'status' THEN data->'from' END, 'to', CASE WHEN type = 'status' THEN data->'to' END))
$$;
