import { z } from 'zod';
import { id, isoDate, urlField } from './common.ts';
import { jobImport } from './job-imports.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * SAP SuccessFactors requisition import (docs/sap-import.md): the client's OData connection (service
 * root, company ID, API user and password), a schedule, and "Import now". Requisitions go through the
 * job import pipeline, so an SAP import is a job import whose source is `sap` (all or nothing,
 * progress, errors by row). The password is write-only: the reply says only whether one is stored.
 */
const tags = ['sap-import'] as const;
const errors = SIGNED_IN_ERRORS;

export const SAP_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export const sapSchedule = z.enum(SAP_SCHEDULES, { message: 'Choose how often to import: off, hourly or daily' });
export const sapScheduleLabels: Record<(typeof SAP_SCHEDULES)[number], string> = {
  off: 'Only when I click Import now',
  hourly: 'Every hour',
  daily: 'Once a day',
};

export const sapSettingsQuery = z.object({ clientId: id });
export const sapSettings = z.object({
  clientId: id,
  /** False until the connection is first saved. */
  saved: z.boolean(),
  baseUrl: z.string(),
  companyId: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  schedule: sapSchedule,
  updatedAt: isoDate.nullable(),
  /** The latest SAP import of this client, if any. */
  lastImport: jobImport.nullable(),
});
export type SapSettings = z.infer<typeof sapSettings>;

export const saveSapSettingsRequest = z.object({
  clientId: id,
  baseUrl: urlField({ max: 2000 }),
  companyId: z
    .string()
    .trim()
    .min(1, 'Enter the SuccessFactors company ID')
    .max(100, 'Use at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only in the company ID'),
  username: z.string().trim().min(1, 'Enter the API user name').max(320, 'Use at most 320 characters'),
  /** Empty or missing keeps the stored password. */
  password: z.string().max(500, 'Use at most 500 characters').optional(),
  schedule: sapSchedule,
});
export const saveSapSettingsReply = sapSettings.extend({ message: z.string() });
export const importSapRequest = z.object({ clientId: id });
export const importSapReply = jobImport.extend({ message: z.string() });

export const sapImportRoutes = {
  settings: defineRoute({ method: 'GET', path: '/api/sap-import/settings', query: sapSettingsQuery, status: 200, reply: sapSettings, errors, tags }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/sap-import/settings',
    body: saveSapSettingsRequest,
    status: 200,
    reply: saveSapSettingsReply,
    errors,
    tags,
    summary: 'Saves the SAP SuccessFactors connection and schedule (the password is sealed and never returned)',
  }),
  importNow: defineRoute({
    method: 'POST',
    path: '/api/sap-import/import',
    body: importSapRequest,
    status: 202,
    reply: importSapReply,
    errors,
    tags,
    summary: 'Queues an import of the open requisitions from SAP SuccessFactors through the job import pipeline',
  }),
};
