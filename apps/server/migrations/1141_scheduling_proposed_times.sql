-- Proposed times (docs/scheduling.md): a link may offer only the few times the recruiter chose
-- (when every interviewer was free), as ISO instants; null offers every free time of its window.
ALTER TABLE scheduling_links ADD COLUMN proposed_starts jsonb;
