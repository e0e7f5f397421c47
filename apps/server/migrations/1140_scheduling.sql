-- Scheduling (docs/scheduling.md): self-scheduling links sent to candidates, the interviews they
-- book, and each interviewer's hold on the booked time. Tenant tables: client_id leads every key,
-- foreign keys between tenant tables include it, no triggers (docs/scaling.md).

-- A link a recruiter sends for one interview of the application's job. Only the SHA-256 of the
-- link's secret is stored; the link works until expires_at and books once (booked_at).
CREATE TABLE scheduling_links (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL,
  interview_id uuid NOT NULL,
  secret_hash text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  booked_at timestamptz,
  CHECK (window_end > window_start),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, interview_id) REFERENCES interviews (client_id, id) ON DELETE CASCADE
);
CREATE INDEX scheduling_links_application_idx ON scheduling_links (client_id, application_id);

-- One booked interview (from a link). A reschedule moves it (sequence + 1, same UID); a cancel
-- keeps the row with cancelled_at and releases the interviewers' holds.
CREATE TABLE scheduled_interviews (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  link_id uuid NOT NULL,
  application_id uuid NOT NULL,
  interview_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  time_zone text NOT NULL,
  sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  CHECK (ends_at > starts_at),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, link_id),
  FOREIGN KEY (client_id, link_id) REFERENCES scheduling_links (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, interview_id) REFERENCES interviews (client_id, id) ON DELETE CASCADE
);
CREATE INDEX scheduled_interviews_application_idx ON scheduled_interviews (client_id, application_id);

-- Each interviewer's hold on a booked interview's time. The exclusion constraint makes double
-- booking impossible: no two holds of one interviewer in one client overlap, whichever process
-- writes them (btree_gist, migration 0102, gives uuid its GiST operator class). calendar_url and
-- object_url name the event written to the interviewer's CalDAV calendar, when one is connected.
CREATE TABLE scheduled_interview_holds (
  client_id uuid NOT NULL,
  scheduled_interview_id uuid NOT NULL,
  user_id uuid NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  connection_id uuid,
  object_url text,
  CHECK (ends_at > starts_at),
  PRIMARY KEY (client_id, scheduled_interview_id, user_id),
  FOREIGN KEY (client_id, scheduled_interview_id) REFERENCES scheduled_interviews (client_id, id) ON DELETE CASCADE,
  CONSTRAINT scheduled_interview_holds_no_overlap
    EXCLUDE USING gist (client_id WITH =, user_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
);
CREATE INDEX scheduled_interview_holds_user_idx ON scheduled_interview_holds (client_id, user_id, starts_at);
