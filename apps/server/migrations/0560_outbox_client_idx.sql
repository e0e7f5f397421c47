-- Erasure deletes every outbox mail to, about or carrying the files of the erased candidate
-- (crm/privacy/erase-traces.ts); it reads only that client's mails. outbox is a reference table
-- (docs/scaling.md), so the index is copied to every node with it.
CREATE INDEX IF NOT EXISTS outbox_client_idx ON outbox (client_id, created_at DESC);
