-- Conversations: one thread per candidate holding every email and SMS exchanged with them
-- (docs/conversations.md). Tenant-owned: client_id leads every primary and unique key, foreign keys
-- between tenant tables include client_id, no triggers (docs/scaling.md).

CREATE TABLE conversation_threads (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  -- The recruiter the thread belongs to ("mine"): the first to write to the candidate, or as assigned.
  assigned_user_id uuid,
  last_message_at timestamptz,
  last_channel text CHECK (last_channel IN ('email', 'sms')),
  last_direction text CHECK (last_direction IN ('in', 'out')),
  last_preview text NOT NULL DEFAULT '',
  -- A shared team inbox: inbound messages not yet read by anyone of the client (reading sets it to 0).
  unread_count integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  last_read_at timestamptz,
  last_read_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX conversation_threads_candidate_key ON conversation_threads (client_id, candidate_id);
CREATE INDEX conversation_threads_recent_idx ON conversation_threads (client_id, last_message_at DESC NULLS LAST, id);
CREATE INDEX conversation_threads_unread_idx ON conversation_threads (client_id) WHERE unread_count > 0;
CREATE INDEX conversation_threads_assigned_idx ON conversation_threads (client_id, assigned_user_id);

CREATE TABLE conversation_messages (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  thread_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  from_address text NOT NULL DEFAULT '',
  to_address text NOT NULL DEFAULT '',
  subject text,
  body_html text,
  body_text text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('queued', 'scheduled', 'sent', 'delivered', 'failed', 'received')),
  failure_reason text,
  -- The provider's id: Twilio's message SID, or the email's Message-ID header.
  provider_id text,
  -- One send per key (a bulk send's batch and candidate), so a retried or restarted send never sends twice.
  idempotency_key text,
  batch_id uuid,
  template_id uuid,
  job_id uuid,
  author_user_id uuid,
  send_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  opened_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, thread_id) REFERENCES conversation_threads (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX conversation_messages_idempotency_key ON conversation_messages (client_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX conversation_messages_thread_idx ON conversation_messages (client_id, thread_id, created_at, id);
CREATE INDEX conversation_messages_provider_idx ON conversation_messages (client_id, provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX conversation_messages_batch_idx ON conversation_messages (client_id, batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX conversation_messages_job_idx ON conversation_messages (client_id, job_id) WHERE job_id IS NOT NULL;

-- Files that came with an inbound email (stored like resumes: the storage key, never the bytes here).
CREATE TABLE conversation_attachments (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  message_id uuid NOT NULL,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, message_id) REFERENCES conversation_messages (client_id, id) ON DELETE CASCADE
);
CREATE INDEX conversation_attachments_message_idx ON conversation_attachments (client_id, message_id);
