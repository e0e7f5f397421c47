import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0001_core.sql. The SQL file is the source of truth for DDL. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export const clients = pgTable('clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  nameSlug: text('name_slug').notNull(),
  domainURL: text('domain_url'),
  jobBoardDomain: text('job_board_domain'),
  virtualAppName: text('virtual_app_name'),
  address: jsonb('address').$type<Record<string, string | null | undefined>>().notNull().default({}),
  applicantResume: boolean('applicant_resume').notNull().default(false),
  quickApplyOption: boolean('quick_apply_option').notNull().default(false),
  selectedIndeedQuestions: jsonb('selected_indeed_questions').$type<unknown[]>().notNull().default([]),
  phoneNumber: text('phone_number'),
  timeZone: text('time_zone'),
  industry: text('industry'),
  contractNumber: text('contract_number'),
  accountManagers: uuid('account_managers').array().notNull().default(sql`'{}'`),
  status: text('status').$type<'Active' | 'Suspended'>().notNull().default('Active'),
  mediaLibraryData: jsonb('media_library_data').$type<Record<string, unknown> | null>(),
  aiSearch: boolean('ai_search').notNull().default(false),
  sso: boolean('sso').notNull().default(false),
  jobsFeedUrl: text('jobs_feed_url'),
  subscriptions: jsonb('subscriptions').$type<Record<string, boolean>>().notNull(),
  candidateAPIPublicKey: text('candidate_api_public_key'),
  candidateAPIKey: text('candidate_api_key'),
  candidateAPIKeyRenewalDate: ts('candidate_api_key_renewal_date'),
  integrations: jsonb('integrations').$type<Record<string, unknown>>().notNull().default({}),
  unreadConversationsCount: integer('unread_conversations_count').notNull().default(0),
  pageSummary: jsonb('page_summary').$type<Array<Record<string, unknown>>>().notNull().default([]),
  indeedApplyQuestionsGroups: jsonb('indeed_apply_questions_groups').$type<Array<{ id: string; questions: unknown }>>().notNull().default([]),
  defaultIndeedApplyQuestions: jsonb('default_indeed_apply_questions').$type<unknown>(),
  ga4MeasurementId: text('ga4_measurement_id'),
  logo: text('logo'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  address: jsonb('address').$type<Record<string, string | null | undefined>>().notNull().default({}),
  company: jsonb('company').$type<Record<string, unknown>>().notNull().default({}),
  clientId: uuid('client_id'),
  department: text('department'),
  userTypeGlobal: text('user_type_global').notNull().default('user'),
  userTypeWave: text('user_type_wave').notNull().default('none'),
  userTypeHarvest: text('user_type_harvest').notNull().default('none'),
  userTypeHarvestPlus: text('user_type_harvest_plus').notNull().default('none'),
  userTypeCultivate: text('user_type_cultivate').notNull().default('none'),
  userTypeMotivator: text('user_type_motivator').notNull().default('none'),
  logo: text('logo'),
  status: text('status').$type<'Active' | 'Suspended'>().notNull().default('Active'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const authSessions = pgTable('auth_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  strategy: text('strategy').notNull().default('access'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  sessionId: uuid('session_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loginFailures = pgTable('login_failures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  emailLower: text('email_lower').notNull(),
  ip: text('ip').notNull(),
  at: ts('at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userSettings = pgTable(
  'user_settings',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull(),
    crm: jsonb('crm').$type<{ requisitions: { columns: string[] } }>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const clientFormQuestions = pgTable(
  'client_form_questions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    question: text('question').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const mediaLibraries = pgTable(
  'media_libraries',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    images: jsonb('images').$type<unknown[]>().notNull().default([]),
    videos: jsonb('videos').$type<unknown[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const files = pgTable(
  'files',
  {
    clientId: uuid('client_id').notNull().default(NIL_UUID),
    id: uuid('id').notNull().defaultRandom(),
    ownerId: uuid('owner_id'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    clientId: uuid('client_id').notNull().default(NIL_UUID),
    id: uuid('id').notNull().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: uuid('client_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  attachments: jsonb('attachments').$type<Array<{ filename: string; storageKey: string; contentType: string }>>().notNull().default([]),
  /** Extra headers (campaign List-Unsubscribe, 0520_campaign_sending.sql). */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});
