import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/1000_pipeline.sql (docs/pipeline.md). The applications' stage columns
 * are in schema/candidates.ts, with the rest of that table.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type StageKind = 'applied' | 'screening' | 'interview' | 'offer' | 'hired' | 'other';
export type ApplicationOutcome = 'active' | 'rejected' | 'withdrawn';

export const jobStages = pgTable(
  'job_stages',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    jobId: uuid('job_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<StageKind>().notNull().default('other'),
    position: integer('position').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const applicationStageEvents = pgTable(
  'application_stage_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    jobId: uuid('job_id').notNull(),
    fromStageId: uuid('from_stage_id'),
    toStageId: uuid('to_stage_id'),
    outcome: text('outcome').$type<ApplicationOutcome>().notNull().default('active'),
    reasonId: uuid('reason_id'),
    actorUserId: uuid('actor_user_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export interface TemplateStage {
  name: string;
  kind: StageKind;
}

export const pipelineTemplates = pgTable(
  'pipeline_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    stages: jsonb('stages').$type<TemplateStage[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const rejectionReasons = pgTable(
  'rejection_reasons',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const rejectionEmails = pgTable(
  'rejection_emails',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    templateId: uuid('template_id'),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sendAt: ts('send_at').notNull(),
    status: text('status').$type<'scheduled' | 'sent' | 'cancelled' | 'failed'>().notNull().default('scheduled'),
    error: text('error'),
    createdBy: uuid('created_by'),
    sentAt: ts('sent_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
