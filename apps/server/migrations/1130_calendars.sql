-- Calendars (docs/calendars.md): each user's calendar connections (CalDAV or an ICS feed), the busy
-- intervals read from them over the next 60 days, and each user's working hours. Tenant tables lead
-- their keys with client_id (docs/scaling.md); no triggers.

-- One row per connected calendar of one user in one client. The CalDAV app password and the ICS
-- feed's address (a feed address is itself a secret) are sealed (AES-256-GCM, lib/secret-box.ts).
CREATE TABLE calendar_connections (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('caldav', 'ics')),
  name text NOT NULL,
  -- What the portal shows as the source: the CalDAV server and user name, or the feed's host.
  source text NOT NULL,
  -- CalDAV: the server URL, the user name and the chosen calendar collection; null for a feed.
  server_url text,
  username text,
  calendar_url text,
  -- CalDAV: the app password; ICS: the feed's full address.
  secret_sealed text NOT NULL,
  last_synced_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
CREATE INDEX calendar_connections_user_idx ON calendar_connections (client_id, user_id);

-- Busy intervals of one connection (only the times: no titles or attendees are kept). A sync
-- replaces a connection's rows in one transaction.
CREATE TABLE calendar_busy (
  client_id uuid NOT NULL,
  connection_id uuid NOT NULL,
  user_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at),
  PRIMARY KEY (client_id, connection_id, starts_at, ends_at),
  FOREIGN KEY (client_id, connection_id) REFERENCES calendar_connections (client_id, id) ON DELETE CASCADE
);
CREATE INDEX calendar_busy_user_idx ON calendar_busy (client_id, user_id, starts_at);

-- One row per user per client once they save their working hours (defaults apply before that).
-- days: seven { weekday 1..7 (ISO, Monday first), on, start 'HH:MM', end 'HH:MM' } in time_zone.
CREATE TABLE calendar_working_hours (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  time_zone text NOT NULL,
  days jsonb NOT NULL,
  buffer_before_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_before_minutes BETWEEN 0 AND 240),
  buffer_after_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_after_minutes BETWEEN 0 AND 240),
  minimum_notice_minutes integer NOT NULL DEFAULT 240 CHECK (minimum_notice_minutes BETWEEN 0 AND 20160),
  daily_maximum integer NOT NULL DEFAULT 4 CHECK (daily_maximum BETWEEN 1 AND 24),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, user_id)
);
