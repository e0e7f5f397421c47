-- The career-site chatbot (docs/chatbot.md): the interview availability it may offer, per client.
-- Tenant table: client_id leads its key.

CREATE TABLE chatbot_availability (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  time_zone text NOT NULL,
  slot_minutes integer NOT NULL DEFAULT 30 CHECK (slot_minutes BETWEEN 10 AND 240),
  -- [{ "weekday": 1..7 (Monday = 1), "start": "HH:MM", "end": "HH:MM" }]
  ranges jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id)
);
