import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1160_sap_import.sql (the client's SAP SuccessFactors connection and schedule). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const SAP_SCHEDULES = ['off', 'hourly', 'daily'] as const;

export const sapImportSettings = pgTable(
  'sap_import_settings',
  {
    clientId: uuid('client_id').notNull(),
    baseUrl: text('base_url').notNull(),
    companyId: text('company_id').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    schedule: text('schedule').$type<(typeof SAP_SCHEDULES)[number]>().notNull().default('off'),
    lastScheduledAt: ts('last_scheduled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId] })],
);
export type SapImportSettingsRow = typeof sapImportSettings.$inferSelect;
