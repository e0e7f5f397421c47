import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/0600_pages.sql (career-site builder, decision 0030). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StoredBlock {
  type: string;
  props: Record<string, unknown>;
}
export interface StoredContent {
  root: { props: Record<string, unknown> };
  content: StoredBlock[];
  zones?: Record<string, StoredBlock[]>;
}
export interface StoredSeo {
  title?: string;
  description?: string;
}
export interface StoredPage {
  _id: string;
  name: string;
  content: StoredContent;
  seo?: StoredSeo;
  updatedAt?: string;
}
export interface StoredScript {
  name: string;
  src: string;
  placement: 'head' | 'body';
  pages: string[];
}
/**
 * The site-wide settings a visitor sees, as a harvest admin published them (migrations/0610):
 * snapshotted on every published version, so a draft edit never reaches the live site.
 */
export interface PublishedSite {
  customScripts: StoredScript[];
  socialMetadata: Record<string, string>;
  socialNetworks: Array<{ network: string; url: string }>;
  seo: { keywords: string[] };
  favicon: string | null;
  /** The active design when published (null: none saved then). */
  design: Record<string, unknown> | null;
}
export interface StoredActivity {
  action: string;
  by: string | null;
  at: string;
  pageName?: string;
}
export interface StoredIcon {
  size: number;
  url: string;
}

export const defaultPageTemplates = pgTable('default_page_templates', {
  nameKey: text('name_key').primaryKey(),
  id: uuid('id').notNull().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  content: jsonb('content').$type<StoredContent>().notNull(),
  seo: jsonb('seo').$type<StoredSeo>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const pageTemplates = pgTable(
  'page_templates',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull().default('Career site'),
    pages: jsonb('pages').$type<StoredPage[]>().notNull().default([]),
    customScripts: jsonb('custom_scripts').$type<StoredScript[]>().notNull().default([]),
    socialNetworks: jsonb('social_networks').$type<Array<{ network: string; url: string }>>().notNull().default([]),
    socialMetadata: jsonb('social_metadata').$type<Record<string, string>>().notNull().default({}),
    activityLog: jsonb('activity_log').$type<StoredActivity[]>().notNull().default([]),
    seo: jsonb('seo').$type<{ keywords: string[] }>().notNull().default({ keywords: [] }),
    favicon: text('favicon'),
    faviconIcons: jsonb('favicon_icons').$type<StoredIcon[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type PageTemplateRow = typeof pageTemplates.$inferSelect;

export const pageDesignOptions = pgTable(
  'page_design_options',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    templateId: uuid('template_id').notNull(),
    activeDesign: jsonb('active_design').$type<Record<string, unknown>>().notNull(),
    designs: jsonb('designs').$type<Array<Record<string, unknown>>>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export type PublishAction = 'publish' | 'update' | 'unpublish' | 'restore';
export const publishedPageVersions = pgTable(
  'published_page_versions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    templateId: uuid('template_id').notNull(),
    pageSlug: text('page_slug').notNull(),
    pageName: text('page_name').notNull(),
    version: integer('version').notNull(),
    action: text('action').$type<PublishAction>().notNull(),
    content: jsonb('content').$type<StoredContent>().notNull(),
    seo: jsonb('seo').$type<StoredSeo>().notNull().default({}),
    /** The site-wide settings published with this version (migrations/0610_published_site.sql). */
    site: jsonb('site').$type<PublishedSite>(),
    publishedBy: uuid('published_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type PublishedVersionRow = typeof publishedPageVersions.$inferSelect;

/** Each publish or restore of the career site's design (migrations/1170_site_design_versions.sql); the newest is live. */
export const siteDesignVersions = pgTable(
  'site_design_versions',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    version: integer('version').notNull(),
    action: text('action').$type<'publish' | 'restore'>().notNull(),
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
    restoredFrom: integer('restored_from'),
    publishedBy: uuid('published_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type SiteDesignVersionRow = typeof siteDesignVersions.$inferSelect;

export const meetTheTeamSettings = pgTable(
  'meet_the_team_settings',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull().default('Meet the team'),
    intro: text('intro').notNull().default(''),
    departments: text('departments').array().notNull().default([]),
    profileOrder: uuid('profile_order').array().notNull().default([]),
    layout: text('layout').$type<'grid' | 'strip' | 'list'>().notNull().default('grid'),
    favicon: text('favicon'),
    faviconIcons: jsonb('favicon_icons').$type<StoredIcon[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type MeetTheTeamRow = typeof meetTheTeamSettings.$inferSelect;

export interface MotivatorFilter {
  departmentId?: string;
  categoryId?: string;
  keywords?: string;
  location?: string;
  employmentType?: string;
}
export const motivators = pgTable(
  'motivators',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    headline: text('headline').notNull().default(''),
    story: text('story').notNull().default(''),
    image: text('image'),
    video: text('video'),
    icon: text('icon').notNull().default('star'),
    filter: jsonb('filter').$type<MotivatorFilter>().notNull().default({}),
    published: boolean('published').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type MotivatorRow = typeof motivators.$inferSelect;

export const motivatorSearchPages = pgTable(
  'motivator_search_pages',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    title: text('title').notNull().default('What matters to you?'),
    intro: text('intro').notNull().default(''),
    motivatorIds: uuid('motivator_ids').array().notNull().default([]),
    published: boolean('published').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);
export type MotivatorSearchRow = typeof motivatorSearchPages.$inferSelect;
