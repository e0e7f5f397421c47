import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/0300_feed.sql: the Indeed Apply credentials added to `clients`.
 * A separate, narrow mirror of the same table so db/schema/core.ts stays untouched; never select
 * these columns into a reply (they are write-only secrets).
 */
export const clientIndeedCredentials = pgTable('clients', {
  id: uuid('id').primaryKey(),
  indeedApiToken: text('indeed_api_token'),
  indeedApiSecret: text('indeed_api_secret'),
});
