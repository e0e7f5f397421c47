import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0100_jobs.sql (shared by jobs, career sites and the Indeed feed). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const departments = pgTable(
  'departments',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const jobCategories = pgTable(
  'job_categories',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const jobs = pgTable(
  'jobs',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    departmentId: uuid('department_id'),
    categoryId: uuid('category_id'),
    employmentType: text('employment_type'),
    address1: text('address1'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    remote: boolean('remote').notNull().default(false),
    salaryMin: numeric('salary_min', { precision: 12, scale: 2, mode: 'number' }),
    salaryMax: numeric('salary_max', { precision: 12, scale: 2, mode: 'number' }),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    salaryPeriod: text('salary_period'),
    datePosted: ts('date_posted').notNull().defaultNow(),
    validThrough: ts('valid_through'),
    requisitionId: text('requisition_id'),
    referenceNumber: text('reference_number').notNull(),
    applyUrl: text('apply_url'),
    recruitersAssigned: text('recruiters_assigned').array().notNull().default(sql`'{}'`),
    recruiterName: text('recruiter_name'),
    recruiterEmail: text('recruiter_email'),
    status: text('status').$type<'draft' | 'open' | 'closed'>().notNull().default('open'),
    adid: text('adid'),
    budget: numeric('budget', { precision: 12, scale: 2, mode: 'number' }),
    indeedApply: boolean('indeed_apply').notNull().default(false),
    questionsListId: text('questions_list_id'),
    language: text('language').notNull().default('en'),
    /** Copies of the department and category names (0102), kept by the jobs write path for full-text search. */
    departmentName: text('department_name'),
    categoryName: text('category_name'),
    /** How many people the job still hires (1020_offers.sql): an accepted offer takes one. */
    openPositions: integer('open_positions').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** migrations/0102_jobs_search.sql */
export interface PrequalificationQuestion {
  id: string;
  question: string;
  type: 'yesno' | 'text' | 'select';
  options: string[];
  required: boolean;
}

export const prequalificationQuestions = pgTable(
  'prequalification_questions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    jobId: uuid('job_id'),
    departmentId: uuid('department_id'),
    questions: jsonb('questions').$type<PrequalificationQuestion[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export interface ImportLineError {
  line: number;
  message: string;
}

export const jobImports = pgTable(
  'job_imports',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    source: text('source').$type<'file' | 'feed' | 'sap'>().notNull(),
    fileName: text('file_name'),
    format: text('format'),
    storageKey: text('storage_key'),
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    closedCount: integer('closed_count').notNull().default(0),
    errors: jsonb('errors').$type<ImportLineError[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const siteEvents = pgTable(
  'site_events',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').$type<'job_view' | 'search' | 'application'>().notNull(),
    jobId: uuid('job_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** How many events this row stands for (the same event recorded while a write was in flight). */
    n: integer('n').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

/** migrations/0101_gazetteer.sql: shared reference tables. */
export const geoZipCodes = pgTable('geo_zip_codes', {
  zip: text('zip').primaryKey(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
});

export const geoCities = pgTable(
  'geo_cities',
  {
    city: text('city').notNull(),
    state: text('state').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    zipCount: integer('zip_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.state, t.city] })],
);
