import { doublePrecision, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0120_search_understanding.sql (decision 0601). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** US states and territories by code and name, with the centroid of their zip codes: a shared reference table. */
export const geoStates = pgTable('geo_states', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});

/** A client's job-title synonyms: each row is one group of terms that mean the same. */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    terms: text('terms').array().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
