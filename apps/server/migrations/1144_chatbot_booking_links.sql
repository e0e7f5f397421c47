-- The candidate reschedules or cancels an interview booked in the career-site chat (docs/chatbot.md)
-- from the link in its confirmation: the same kind of link as a scheduling link, whose secret is
-- stored only as its SHA-256. One row per chat booking (booking_id is the chatbot_bookings row's id;
-- that table comes in a later migration, so no foreign key to it): the booked time as the link shows
-- it, the invitation's SEQUENCE (raised by each change), and the cancel. A cancel deletes the
-- chatbot_bookings row (its unique keys then free the time and let the candidate book again) and
-- keeps this one, so the link still says "cancelled". Erasing the candidate removes it (cascade).
CREATE TABLE chatbot_booking_links (
  client_id uuid NOT NULL,
  booking_id uuid NOT NULL,
  candidate_id uuid NOT NULL,
  secret_hash text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  time_zone text NOT NULL,
  sequence integer NOT NULL DEFAULT 0,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  PRIMARY KEY (client_id, booking_id),
  FOREIGN KEY (client_id, candidate_id) REFERENCES candidates (client_id, id) ON DELETE CASCADE
);
