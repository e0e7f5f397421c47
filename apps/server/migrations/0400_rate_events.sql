-- Per-account abuse counters that must hold across processes (password reset per account,
-- current-password guesses, embed-code mail, applications per job, candidate-upload storage per day).
-- Product-wide (no client_id): a reference table or kept on the coordinator under Citus, like
-- login_failures. Rows older than a day are removed when counters are read (see core/security/rate-events.ts).
CREATE TABLE rate_events (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  key text NOT NULL,
  amount bigint NOT NULL DEFAULT 1,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_lookup_idx ON rate_events (bucket, key, at);

