-- The candidate CRM, decision 0012 (agreed with the requisitions branch, which adds the same columns with IF NOT EXISTS):
-- the resume's plain text and the candidate's skills.
ALTER TABLE candidates ADD COLUMN IF NOT EXISTS resume_text text NOT NULL DEFAULT '';
ALTER TABLE candidates ADD COLUMN IF NOT EXISTS skills text[] NOT NULL DEFAULT '{}';
