-- Interview reminders (docs/scheduling.md): one row per booked interview and lead time (24 h and
-- 1 h before), planned when it is booked or moved, removed when it is cancelled. The queue's job
-- sends the reminder once its time has come; sent_at is set in the transaction that writes the mails,
-- under the row's lock, so a reminder is never sent twice (a retried or duplicated job finds it sent).
-- starts_at is the interview's start the reminder was planned for.
CREATE TABLE scheduled_interview_reminders (
  client_id uuid NOT NULL,
  scheduled_interview_id uuid NOT NULL,
  lead_minutes integer NOT NULL CHECK (lead_minutes > 0),
  due_at timestamptz NOT NULL,
  starts_at timestamptz NOT NULL,
  sent_at timestamptz,
  PRIMARY KEY (client_id, scheduled_interview_id, lead_minutes),
  FOREIGN KEY (client_id, scheduled_interview_id) REFERENCES scheduled_interviews (client_id, id) ON DELETE CASCADE
);
