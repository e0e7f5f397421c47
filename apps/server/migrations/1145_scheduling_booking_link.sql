-- Booking links put into conversation messages (docs/scheduling.md, "A booking link in a message"):
-- their secret is derived from the server's signing secret and the link id, so a later message to the
-- same candidate can carry the same link again. The database alone still cannot rebuild a link.
ALTER TABLE scheduling_links ADD COLUMN secret_derived boolean NOT NULL DEFAULT false;
