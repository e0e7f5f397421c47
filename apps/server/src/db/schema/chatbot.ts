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
export type ChatbotBookingRow = typeof chatbotBookings.$inferSelect;

/** migrations/1144: a chat booking's reschedule/cancel link (the secret's hash), its SEQUENCE and its cancel; kept after the booking row is deleted by a cancel. */
export const chatbotBookingLinks = pgTable(
  'chatbot_booking_links',
  {
    clientId: uuid('client_id').notNull(),
    bookingId: uuid('booking_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.bookingId] })],
);
export type ChatbotBookingLinkRow = typeof chatbotBookingLinks.$inferSelect;
