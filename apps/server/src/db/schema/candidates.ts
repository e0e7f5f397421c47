import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0110_candidates.sql (career-site apply and Indeed Apply). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const candidates = pgTable(
  'candidates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    source: text('source').notNull().default('careersite'),
    status: text('status').notNull().default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const applications = pgTable(
  'applications',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    jobId: uuid('job_id').notNull(),
    source: text('source').notNull().default('careersite'),
    externalId: text('external_id'),
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    resumeContentType: text('resume_content_type'),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
