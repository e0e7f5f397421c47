import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/0550_requisition_keywords.sql. The two candidate columns that
 * migration adds (resume_text, skills) belong to the candidates schema of the CRM branch; the
 * requisitions domain reads them with SQL.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StoredAiKeyword {
  keyword: string;
  weight: number;
}

export const requisitionKeywords = pgTable(
  'requisition_keywords',
  {
    clientId: uuid('client_id').notNull(),
    jobId: uuid('job_id').notNull(),
    aiKeywords: jsonb('ai_keywords').$type<StoredAiKeyword[]>().notNull().default([]),
    aiSignature: text('ai_signature'),
    userKeywords: text('user_keywords').array().notNull().default(sql`'{}'`),
    removedAiKeywords: text('removed_ai_keywords').array().notNull().default(sql`'{}'`),
    updatedBy: uuid('updated_by'),
    updatedAt: ts('updated_at'),
    computedAt: ts('computed_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.jobId] })],
);
