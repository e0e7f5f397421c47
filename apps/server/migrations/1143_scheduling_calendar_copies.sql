-- Calendar copies of booked interviews (docs/scheduling.md): one row per booked interview and
-- interviewer with a connected CalDAV calendar, saying what that calendar should hold (the event,
-- or nothing after a cancel) and how far the queue got in writing it. The queue's job writes the
-- event (or deletes it) and retries with growing pauses while the calendar is down; the row keeps
-- the state shown on the interviewer's schedule (written, will retry at a time, failed and why).
-- Rows outlive the holds (a cancel releases the holds, and the copy must still be deleted).
CREATE TABLE scheduled_interview_calendar_copies (
  client_id uuid NOT NULL,
  scheduled_interview_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- The person's CalDAV connection the copy goes to, and where the event is in it once written.
  connection_id uuid,
  object_url text,
  -- 'event': the calendar should hold `ics` (the event as a calendar stores it); 'none': no event.
  wanted text NOT NULL CHECK (wanted IN ('event', 'none')),
  ics text,
  -- Raised by every change of what is wanted: a job's outcome settles the state only for the version it wrote.
  version integer NOT NULL DEFAULT 1,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'written', 'removed', 'retrying', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, scheduled_interview_id, user_id),
  FOREIGN KEY (client_id, scheduled_interview_id) REFERENCES scheduled_interviews (client_id, id) ON DELETE CASCADE
);
