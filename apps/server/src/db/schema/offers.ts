import { date, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1020_offers.sql (offer templates, offers, their approval chains). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const offerTemplates = pgTable(
  'offer_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export type OfferStatus = 'pending_approval' | 'approved' | 'sent' | 'accepted' | 'declined';

export const offers = pgTable(
  'offers',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    applicationId: uuid('application_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    jobId: uuid('job_id').notNull(),
    templateId: uuid('template_id'),
    body: text('body').notNull(),
    salary: numeric('salary', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    managerName: text('manager_name').notNull(),
    expiresAt: ts('expires_at').notNull(),
    status: text('status').$type<OfferStatus>().notNull().default('pending_approval'),
    revision: integer('revision').notNull().default(1),
    sentAt: ts('sent_at'),
    answeredAt: ts('answered_at'),
    acceptedName: text('accepted_name'),
    acceptedIp: text('accepted_ip'),
    declineReason: text('decline_reason'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const offerApprovals = pgTable(
  'offer_approvals',
  {
    clientId: uuid('client_id').notNull(),
    offerId: uuid('offer_id').notNull(),
    position: integer('position').notNull(),
    userId: uuid('user_id').notNull(),
    approvedAt: ts('approved_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.offerId, t.position] })],
);
