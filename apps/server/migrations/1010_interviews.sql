-- Interview plans and scorecards (docs/interviews.md). Every table is tenant-owned: client_id leads each
-- primary and unique key, foreign keys between tenant tables include client_id, no triggers
-- (docs/scaling.md). Users are product-wide, so interviewer ids carry no foreign key to them: a user who
-- leaves is dropped from lists by the joins that read them.

-- One interview of a job's plan. stage_id names the interview-kind stage of the job it belongs to; the
-- stage's foreign key is added once the pipeline's job_stages table exists (a later migration of this range).
CREATE TABLE interviews (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL,
  stage_id uuid,
  name text NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
  position integer NOT NULL DEFAULT 0,
  focus text NOT NULL DEFAULT '',
  questions text[] NOT NULL DEFAULT '{}',
  good_looks_like text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, job_id) REFERENCES jobs (client_id, id) ON DELETE CASCADE
);
CREATE INDEX interviews_job_idx ON interviews (client_id, job_id, position);

CREATE TABLE interview_interviewers (
  client_id uuid NOT NULL,
  interview_id uuid NOT NULL,
  user_id uuid NOT NULL,
  PRIMARY KEY (client_id, interview_id, user_id),
  FOREIGN KEY (client_id, interview_id) REFERENCES interviews (client_id, id) ON DELETE CASCADE
);
CREATE INDEX interview_interviewers_user_idx ON interview_interviewers (client_id, user_id);

-- The job's scorecard: attributes grouped by category, each rated on the four-point scale.
CREATE TABLE scorecard_attributes (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL,
  category text NOT NULL CHECK (category IN ('skills', 'qualifications', 'traits')),
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, id),
  FOREIGN KEY (client_id, job_id) REFERENCES jobs (client_id, id) ON DELETE CASCADE
);
CREATE INDEX scorecard_attributes_job_idx ON scorecard_attributes (client_id, job_id, position);

-- Who is asked for feedback on an application, per interview: the interviewers "interview" that
-- application (their "My interviews" list, who is still to submit, the reminders).
CREATE TABLE feedback_requests (
  client_id uuid NOT NULL,
  application_id uuid NOT NULL,
  interview_id uuid NOT NULL,
  user_id uuid NOT NULL,
  requested_by uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  next_reminder_at timestamptz,
  reminders_sent integer NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, application_id, interview_id, user_id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, interview_id) REFERENCES interviews (client_id, id) ON DELETE CASCADE
);
CREATE INDEX feedback_requests_user_idx ON feedback_requests (client_id, user_id);

-- One scorecard per interviewer per interview per application; submitting again edits it.
CREATE TABLE scorecards (
  client_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL,
  interview_id uuid NOT NULL,
  interviewer_id uuid NOT NULL,
  overall text NOT NULL CHECK (overall IN ('strong_no', 'no', 'yes', 'strong_yes')),
  notes text NOT NULL DEFAULT '',
  submitted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id),
  UNIQUE (client_id, application_id, interview_id, interviewer_id),
  FOREIGN KEY (client_id, application_id) REFERENCES applications (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, interview_id) REFERENCES interviews (client_id, id) ON DELETE CASCADE
);
CREATE INDEX scorecards_interviewer_idx ON scorecards (client_id, interviewer_id);

CREATE TABLE scorecard_ratings (
  client_id uuid NOT NULL,
  scorecard_id uuid NOT NULL,
  attribute_id uuid NOT NULL,
  rating text NOT NULL CHECK (rating IN ('strong_no', 'no', 'yes', 'strong_yes')),
  PRIMARY KEY (client_id, scorecard_id, attribute_id),
  FOREIGN KEY (client_id, scorecard_id) REFERENCES scorecards (client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, attribute_id) REFERENCES scorecard_attributes (client_id, id) ON DELETE CASCADE
);
