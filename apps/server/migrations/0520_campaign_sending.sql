-- Campaign sending (decision 0012): each send is a snapshot of its list's members, one row per candidate,
-- so a send survives a restart (the queue job picks up the rows still 'pending') and the portal
-- shows its progress (sent / total). Skipped rows say why (unsubscribed, anonymised, no email).
ALTER TABLE campaigns
  ADD COLUMN total_count integer NOT NULL DEFAULT 0,
  ADD COLUMN skipped_count integer NOT NULL DEFAULT 0,
  ADD COLUMN sent_by uuid,
  ADD COLUMN sender_email text,
  ADD COLUMN started_at timestamptz;

CREATE TABLE campaign_recipients (
  client_id uuid NOT NULL,
  campaign_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  email text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending',
  reason text,
  outbox_id uuid,
  sent_at timestamptz,
  PRIMARY KEY (client_id, campaign_id, candidate_id),
  FOREIGN KEY (client_id, campaign_id) REFERENCES campaigns (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
CREATE INDEX campaign_recipients_pending_idx ON campaign_recipients (client_id, campaign_id) WHERE status = 'pending';

-- Campaign mails carry List-Unsubscribe headers (RFC 2369, RFC 8058 one-click); the outbox keeps them.
ALTER TABLE outbox ADD COLUMN headers jsonb NOT NULL DEFAULT '{}';
