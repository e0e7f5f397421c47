-- Career-site analytics written as counts: the events recorded while a write was in flight (a busy
-- site's cached page is answered in well under a millisecond, each answer an event) are grouped by
-- client, type, job and data before they are written, one row per group with its number `n`, instead
-- of one row per event (job-analytics/record-event.ts). Readers sum `n`. Rows written before are one
-- event each (the default).
ALTER TABLE site_events ADD COLUMN n integer NOT NULL DEFAULT 1 CHECK (n > 0);
