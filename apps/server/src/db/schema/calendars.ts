import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1130_calendars.sql (calendar connections, their busy times, working hours). */
/** One weekday's hours (the contract's `workingDay`). */
export interface WorkingDayColumn {
  weekday: number;
  on: boolean;
  start: string;
  end: string;
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').$type<'caldav' | 'ics'>().notNull(),
    name: text('name').notNull(),
    source: text('source').notNull(),
    serverUrl: text('server_url'),
    username: text('username'),
    calendarUrl: text('calendar_url'),
    secretSealed: text('secret_sealed').notNull(),
    lastSyncedAt: ts('last_synced_at'),
    lastAttemptAt: ts('last_attempt_at'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), index('calendar_connections_user_idx').on(t.clientId, t.userId)],
);
export type CalendarConnectionRow = typeof calendarConnections.$inferSelect;

export const calendarBusy = pgTable(
  'calendar_busy',
  {
    clientId: uuid('client_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    userId: uuid('user_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.connectionId, t.startsAt, t.endsAt] }), index('calendar_busy_user_idx').on(t.clientId, t.userId, t.startsAt)],
);

export const calendarWorkingHours = pgTable(
  'calendar_working_hours',
  {
    clientId: uuid('client_id').notNull(),
    userId: uuid('user_id').notNull(),
    timeZone: text('time_zone').notNull(),
    days: jsonb('days').$type<WorkingDayColumn[]>().notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(240),
    dailyMaximum: integer('daily_maximum').notNull().default(4),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] })],
);
