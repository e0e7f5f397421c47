import { integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1161_chatbot.sql (the availability the career-site chatbot may offer). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface AvailabilityRange {
  weekday: number;
  start: string;
  end: string;
}

export const chatbotAvailability = pgTable(
  'chatbot_availability',
  {
    clientId: uuid('client_id').notNull(),
    timeZone: text('time_zone').notNull(),
    slotMinutes: integer('slot_minutes').notNull().default(30),
    ranges: jsonb('ranges').$type<AvailabilityRange[]>().notNull().default([]),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId] })],
);
export type ChatbotAvailabilityRow = typeof chatbotAvailability.$inferSelect;

/** Drizzle mirror of migrations/1162_chatbot_bookings.sql (interviews the chatbot booked). */
export const chatbotBookings = pgTable(
  'chatbot_bookings',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), unique().on(t.clientId, t.startsAt), unique().on(t.clientId, t.candidateId)],
);
