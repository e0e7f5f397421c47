-- Inbound email names its thread by id alone (the reply token carries no client): an index to find it.
CREATE INDEX conversation_threads_id_idx ON conversation_threads (id);
