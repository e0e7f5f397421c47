-- Interviews the career-site chatbot booked (docs/chatbot.md): a slot of the client's chatbot
-- availability, for a candidate the chat collected. One booking per slot start and one per candidate,
-- held by unique keys (two visitors choosing the same time get one booking and one "just taken").
CREATE TABLE chatbot_bookings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  candidate_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The availability's time zone when it was booked (the mails name it).
  time_zone text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, starts_at),
  UNIQUE (client_id, candidate_id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
