-- Round-robin pools (docs/scheduling.md, "Pools"): an interviewer of an interview may be one of a pool
-- of whom one is needed; the others are all required. A booking holds the required interviewers and
-- the one pool member chosen for it.
ALTER TABLE interview_interviewers ADD COLUMN in_pool boolean NOT NULL DEFAULT false;
