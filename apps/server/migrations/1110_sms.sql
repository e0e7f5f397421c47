-- SMS conversations through Twilio (docs/conversations-sms.md): the client's Twilio settings, opt-outs,
-- the sends of the outbound queue and the webhooks already seen. Tenant tables lead their keys with
-- client_id (docs/scaling.md); no triggers.

-- One row per client. Secrets are sealed (AES-256-GCM, lib/secret-box.ts) and never returned to the portal.
CREATE TABLE sms_settings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  account_sid text NOT NULL,
  auth_token_sealed text,
  api_key_sid text,
  api_key_secret_sealed text,
  messaging_service_sid text,
  from_number text,
  -- Quiet hours as minutes after local midnight in the time zone (the client's when null); start > end spans midnight.
  quiet_hours_on boolean NOT NULL DEFAULT true,
  quiet_start_minute integer NOT NULL DEFAULT 1260 CHECK (quiet_start_minute BETWEEN 0 AND 1439),
  quiet_end_minute integer NOT NULL DEFAULT 480 CHECK (quiet_end_minute BETWEEN 0 AND 1439),
  time_zone text,
  -- Messages per minute this client may send (Twilio's own limits depend on the number type).
  rate_per_minute integer NOT NULL DEFAULT 60 CHECK (rate_per_minute BETWEEN 1 AND 6000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id)
);

-- Numbers that texted STOP (or a carrier synonym) to this client; START removes the row.
CREATE TABLE sms_opt_outs (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  phone text NOT NULL,
  keyword text NOT NULL,
  opted_out_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, phone)
);

-- One row per outbound text: the queue's idempotency record. A send is marked 'sending' in a
-- transaction before Twilio is called and 'sent' with Twilio's id after, so a worker restarted in
-- between looks the message up at Twilio before sending again.
CREATE TABLE sms_sends (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  idempotency_key text NOT NULL,
  message_id uuid,
  to_number text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'held', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'refused')),
  send_after timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  sending_since timestamptz,
  provider_sid text,
  error_code text,
  error_text text,
  segments integer NOT NULL DEFAULT 1,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, idempotency_key)
);
CREATE UNIQUE INDEX sms_sends_provider_sid_key ON sms_sends (client_id, provider_sid) WHERE provider_sid IS NOT NULL;
CREATE INDEX sms_sends_status_idx ON sms_sends (client_id, status);

-- Per-client send counter by minute (the rate limit, shared by every process).
CREATE TABLE sms_rate_windows (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, minute)
);

-- Webhooks already taken (inbound MessageSid, or a status callback's MessageSid and status):
-- a second delivery of the same signed request is a replay and is refused.
CREATE TABLE sms_webhook_events (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('inbound', 'status')),
  sid text NOT NULL,
  status text NOT NULL DEFAULT '',
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, kind, sid, status)
);
