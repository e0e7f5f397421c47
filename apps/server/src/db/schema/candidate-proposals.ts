import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/0111_applications_parsed_later.sql: what an application proposes to
 * change on an existing candidate, for a recruiter to accept (candidates/record-proposed-changes.ts).
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ProposedChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  answers?: Array<{ questionId: string; question: string; answer: string }>;
  resumeText?: string;
}

export const candidateProposedChanges = pgTable(
  'candidate_proposed_changes',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    applicationId: uuid('application_id'),
    jobId: uuid('job_id'),
    source: text('source').notNull().default('careersite'),
    changes: jsonb('changes').$type<ProposedChanges>().notNull().default({}),
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    resumeContentType: text('resume_content_type'),
    resumeParsedAt: ts('resume_parsed_at'),
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
