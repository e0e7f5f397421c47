-- Indeed feed and Indeed Apply. The client's Indeed Apply API token goes into each job's
-- <indeed-apply-data>; the API secret signs application postbacks (X-Indeed-Signature, HMAC-SHA1).
-- Both are write-only through the API: replies carry only a hint / a flag.
ALTER TABLE clients ADD COLUMN indeed_api_token text;
ALTER TABLE clients ADD COLUMN indeed_api_secret text;

-- The feed lists a client's open jobs newest first (cursor order) and its ETag reads max(updated_at).
CREATE INDEX jobs_feed_idx ON jobs (client_id, status, date_posted DESC, id);
