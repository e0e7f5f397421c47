import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1140_scheduling.sql: scheduling links, booked interviews, interviewers' holds. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const schedulingLinks = pgTable(
  'scheduling_links',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    interviewId: uuid('interview_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    windowStart: ts('window_start').notNull(),
    windowEnd: ts('window_end').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    bookedAt: ts('booked_at'),
    /** The times proposed by the recruiter (ISO instants, migrations/1141): the link offers only these while free; null offers its whole window. */
    proposedStarts: jsonb('proposed_starts').$type<string[]>(),
    /** migrations/1145: the secret is an HMAC of the link id under the server's signing secret (a booking link put in a message, rebuilt for the next one). */
    secretDerived: boolean('secret_derived').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), index('scheduling_links_application_idx').on(t.clientId, t.applicationId)],
);
export type SchedulingLinkRow = typeof schedulingLinks.$inferSelect;

export const scheduledInterviews = pgTable(
  'scheduled_interviews',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    linkId: uuid('link_id').notNull(),
    applicationId: uuid('application_id').notNull(),
    interviewId: uuid('interview_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    unique('scheduled_interviews_client_id_link_id_key').on(t.clientId, t.linkId),
    index('scheduled_interviews_application_idx').on(t.clientId, t.applicationId),
  ],
);
export type ScheduledInterviewRow = typeof scheduledInterviews.$inferSelect;

export const scheduledInterviewHolds = pgTable(
  'scheduled_interview_holds',
  {
    clientId: uuid('client_id').notNull(),
    scheduledInterviewId: uuid('scheduled_interview_id').notNull(),
    userId: uuid('user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    connectionId: uuid('connection_id'),
    objectUrl: text('object_url'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.scheduledInterviewId, t.userId] }),
    index('scheduled_interview_holds_user_idx').on(t.clientId, t.userId, t.startsAt),
  ],
);
export type ScheduledInterviewHoldRow = typeof scheduledInterviewHolds.$inferSelect;

/** migrations/1142: the reminders of a booked interview, one per lead time; sent_at set once, under the row's lock. */
export const scheduledInterviewReminders = pgTable(
  'scheduled_interview_reminders',
  {
    clientId: uuid('client_id').notNull(),
    scheduledInterviewId: uuid('scheduled_interview_id').notNull(),
    leadMinutes: integer('lead_minutes').notNull(),
    dueAt: ts('due_at').notNull(),
    startsAt: ts('starts_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.scheduledInterviewId, t.leadMinutes] })],
);

/** migrations/1143: what each interviewer's CalDAV calendar should hold for a booked interview, and how far the queue got writing it. */
export const scheduledInterviewCalendarCopies = pgTable(
  'scheduled_interview_calendar_copies',
  {
    clientId: uuid('client_id').notNull(),
    scheduledInterviewId: uuid('scheduled_interview_id').notNull(),
    userId: uuid('user_id').notNull(),
    connectionId: uuid('connection_id'),
    objectUrl: text('object_url'),
    wanted: text('wanted').$type<'event' | 'none'>().notNull(),
    ics: text('ics'),
    version: integer('version').notNull().default(1),
    state: text('state').$type<CalendarCopyState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.scheduledInterviewId, t.userId] })],
);
export type CalendarCopyState = 'pending' | 'written' | 'removed' | 'retrying' | 'failed';
export type CalendarCopyRow = typeof scheduledInterviewCalendarCopies.$inferSelect;
