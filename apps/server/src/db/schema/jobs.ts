import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
