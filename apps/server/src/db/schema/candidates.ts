import { boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Drizzle mirror of migrations/0110_candidates.sql (career-site apply and Indeed Apply) and the CRM
 * (decision 0012; 0500_candidate_resume.sql, 0501_crm.sql). Generated columns (earth, search_vector, geo_cell)
 * are left out: they are computed by PostgreSQL and read in SQL only.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface CandidateConsent {
  text: string;
  at: string;
  source: string;
}
export interface ExperienceEntry {
  title?: string;
  employer?: string;
  startDate?: string;
  endDate?: string;
  description?: string;
}
export interface EducationEntry {
  school?: string;
  degree?: string;
  field?: string;
  endDate?: string;
}

export const candidates = pgTable(
  'candidates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    source: text('source').notNull().default('careersite'),
    status: text('status').notNull().default('New'),
    resumeText: text('resume_text').notNull().default(''),
    skills: text('skills').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    experience: jsonb('experience').$type<ExperienceEntry[]>().notNull().default([]),
    education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    consent: jsonb('consent').$type<CandidateConsent | null>(),
    mergedInto: uuid('merged_into'),
    anonymizedAt: ts('anonymized_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const applications = pgTable(
  'applications',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    jobId: uuid('job_id').notNull(),
    source: text('source').notNull().default('careersite'),
    externalId: text('external_id'),
    answers: jsonb('answers').$type<unknown[]>().notNull().default([]),
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    resumeContentType: text('resume_content_type'),
    // 0111: the parse of the resume runs after the application is stored (resume-parse queue).
    resumeParsedAt: ts('resume_parsed_at'),
    resumeParseError: text('resume_parse_error'),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('new'),
    // 1000_pipeline.sql: the application's stage of its job's pipeline and its outcome (docs/pipeline.md).
    stageId: uuid('stage_id'),
    stageEnteredAt: ts('stage_entered_at'),
    outcome: text('outcome').$type<'active' | 'rejected' | 'withdrawn'>().notNull().default('active'),
    rejectionReasonId: uuid('rejection_reason_id'),
    outcomeAt: ts('outcome_at'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const crmSettings = pgTable('crm_settings', {
  clientId: uuid('client_id').primaryKey(),
  statuses: text('statuses').array().notNull(),
  retentionMonths: integer('retention_months'),
  consentText: text('consent_text'),
  privacyNotice: text('privacy_notice'),
  privacyNoticeUpdatedAt: ts('privacy_notice_updated_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const candidateTags = pgTable(
  'candidate_tags',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const responseSources = pgTable(
  'response_sources',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateFavorites = pgTable(
  'candidate_favorites',
  {
    clientId: uuid('client_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.candidateId, t.userId] })],
);

export const candidateEvents = pgTable(
  'candidate_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateAlerts = pgTable(
  'candidate_alerts',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id'),
    name: text('name').notNull(),
    searchQuery: text('search_query').notNull().default(''),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    frequency: text('frequency').notNull().default('daily'),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(true),
    lastRunAt: ts('last_run_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateFollowUps = pgTable(
  'candidate_follow_ups',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    userId: uuid('user_id'),
    userEmail: text('user_email').notNull(),
    reminderDate: date('reminder_date', { mode: 'string' }).notNull(),
    note: text('note'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateLists = pgTable(
  'candidate_lists',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    recruiterEmail: text('recruiter_email').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const candidateListMembers = pgTable(
  'candidate_list_members',
  {
    clientId: uuid('client_id').notNull(),
    listId: uuid('list_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.listId, t.candidateId] })],
);

export const campaigns = pgTable(
  'campaigns',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    listId: uuid('list_id'),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    status: text('status').notNull().default('draft'),
    sentCount: integer('sent_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    totalCount: integer('total_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    sentBy: uuid('sent_by'),
    senderEmail: text('sender_email'),
    startedAt: ts('started_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** One row per candidate of a campaign send (0520_campaign_sending.sql): pending, sent or skipped (with the reason). */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    clientId: uuid('client_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    email: text('email').notNull().default(''),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    outboxId: uuid('outbox_id'),
    sentAt: ts('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.campaignId, t.candidateId] })],
);

export const campaignUnsubscribes = pgTable(
  'campaign_unsubscribes',
  {
    clientId: uuid('client_id').notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.email] })],
);

/** Consent given on an apply path (0530_crm_privacy.sql): the text shown, when, where. */
export const candidateConsents = pgTable(
  'candidate_consents',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    applicationId: uuid('application_id'),
    source: text('source').notNull(),
    text: text('text').notNull(),
    noticeUrl: text('notice_url'),
    givenAt: ts('given_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** Who viewed, exported or erased a candidate (0530_crm_privacy.sql). */
export const candidatePrivacyLog = pgTable(
  'candidate_privacy_log',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
