import { bigint, bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0400_rate_events.sql (decision 0400). */
export const rateEvents = pgTable('rate_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bucket: text('bucket').notNull(),
  key: text('key').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull().default(1),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
