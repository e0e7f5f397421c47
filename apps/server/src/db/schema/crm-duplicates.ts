import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/0510_crm_duplicates.sql: candidate merges (with what an undo puts
 * back) and pairs dismissed as "not the same person". candidates.dup_keys and candidate_words
 * (0511) are read by raw SQL only.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const candidateMerges = pgTable(
  'candidate_merges',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    survivorId: uuid('survivor_id').notNull(),
    mergedId: uuid('merged_id').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    reasons: text('reasons').array().notNull().default([]),
    undo: jsonb('undo').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    undoneAt: ts('undone_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateDuplicateDismissals = pgTable(
  'candidate_duplicate_dismissals',
  {
    clientId: uuid('client_id').notNull(),
    candidateA: uuid('candidate_a').notNull(),
    candidateB: uuid('candidate_b').notNull(),
    actorId: uuid('actor_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.candidateA, t.candidateB] })],
);
