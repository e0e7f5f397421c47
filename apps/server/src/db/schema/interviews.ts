import { boolean, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1010_interviews.sql: interview plans, feedback requests and scorecards. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Rating = 'strong_no' | 'no' | 'yes' | 'strong_yes';
export type AttributeCategory = 'skills' | 'qualifications' | 'traits';

export const interviews = pgTable(
  'interviews',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    jobId: uuid('job_id').notNull(),
    stageId: uuid('stage_id'),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    position: integer('position').notNull().default(0),
    focus: text('focus').notNull().default(''),
    questions: text('questions').array().notNull().default([]),
    goodLooksLike: text('good_looks_like').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    clientId: uuid('client_id').notNull(),
    interviewId: uuid('interview_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** migrations/1146: one of a round-robin pool (one pool member is needed), else required. */
    inPool: boolean('in_pool').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.interviewId, t.userId] })],
);

export const scorecardAttributes = pgTable(
  'scorecard_attributes',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    jobId: uuid('job_id').notNull(),
    category: text('category').$type<AttributeCategory>().notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const feedbackRequests = pgTable(
  'feedback_requests',
  {
    clientId: uuid('client_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    interviewId: uuid('interview_id').notNull(),
    userId: uuid('user_id').notNull(),
    requestedBy: uuid('requested_by'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    nextReminderAt: ts('next_reminder_at'),
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.applicationId, t.interviewId, t.userId] })],
);

export const scorecards = pgTable(
  'scorecards',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    interviewId: uuid('interview_id').notNull(),
    interviewerId: uuid('interviewer_id').notNull(),
    overall: text('overall').$type<Rating>().notNull(),
    notes: text('notes').notNull().default(''),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), unique().on(t.clientId, t.applicationId, t.interviewId, t.interviewerId)],
);

export const scorecardRatings = pgTable(
  'scorecard_ratings',
  {
    clientId: uuid('client_id').notNull(),
    scorecardId: uuid('scorecard_id').notNull(),
    attributeId: uuid('attribute_id').notNull(),
    rating: text('rating').$type<Rating>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.scorecardId, t.attributeId] })],
);
