import { messages } from './messages.ts';
import { z } from 'zod';
import { id } from './common.ts';
import { candidate } from './crm.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Candidate privacy (decision 0012 "Privacy"): consent records, the client's
 * candidate privacy notice and retention, export, erasure and the audit of who saw what.
 * The spec gives no texts for these: ours are here.
 */

export const privacyAction = z.enum(['viewed', 'exported', 'exported-files', 'erased', 'anonymised']);
export type PrivacyAction = z.infer<typeof privacyAction>;

export const consentRecord = z.object({
  _id: id,
  applicationId: id.nullable(),
  source: z.string(),
  text: z.string(),
  noticeUrl: z.string().nullable(),
  givenAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

/** GET /api/crm/privacy/settings?clientId= and the reply of PUT. */
export const privacySettings = z.object({
  clientId: id,
  /** Months without activity after which a candidate is anonymised; null keeps candidates. */
  retentionMonths: z.number().int().nullable(),
  /** Sanitised HTML of the client's candidate privacy notice ('' when the default notice is shown). */
  privacyNotice: z.string(),
  privacyNoticeUpdatedAt: z.string().nullable(),
  /** Where the notice is served publicly (the product host's /{nameSlug}/privacy, or the client's domain /privacy). */
  privacyNoticeUrl: z.string(),
});
export type PrivacySettings = z.infer<typeof privacySettings>;

export const updatePrivacySettingsRequest = z.object({
  clientId: id,
  retentionMonths: z
    .number({ error: messages.privacy.retentionRange })
    .int({ error: messages.privacy.retentionRange })
    .min(1, { error: messages.privacy.retentionRange })
    .max(120, { error: messages.privacy.retentionRange })
    .nullable(),
  privacyNotice: z.string().max(50_000, { error: messages.privacy.noticeTooLong }),
});
export const privacySettingsReply = privacySettings.extend({ message: z.string() });

export const candidatePrivacyQuery = z.object({ clientId: id });
export const candidatePrivacyParams = z.object({ id });

/** GET /api/crm/privacy/candidate/:id: the drawer's privacy section. */
export const auditEntry = z.object({ _id: id, action: privacyAction, actorEmail: z.string().nullable(), createdAt: z.string() });
export const candidatePrivacyReply = z.object({
  candidateId: id,
  anonymizedAt: z.string().nullable(),
  consents: z.array(consentRecord),
  /** Newest first, at most 200. */
  audit: z.array(auditEntry),
  auditTotal: z.number().int(),
  /** The caller's rights, so the portal shows only the actions that will work. */
  canExport: z.boolean(),
  canErase: z.boolean(),
});
export type CandidatePrivacy = z.infer<typeof candidatePrivacyReply>;

/** GET /api/crm/privacy/candidate/:id/export: everything held about one candidate, as JSON (an attachment). */
export const timelineExportEntry = z.object({
  _id: id,
  type: z.string(),
  actorEmail: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const candidateExport = z.object({
  exportedAt: z.string(),
  exportedBy: z.string(),
  client: z.object({ _id: id, name: z.string() }),
  candidate: candidate.omit({ highlight: true, distance: true, favorite: true }).extend({
    lastActivityAt: z.string(),
    anonymizedAt: z.string().nullable(),
  }),
  consents: z.array(consentRecord),
  timeline: z.array(timelineExportEntry),
  /** The same files as the zip export (GET …/files). */
  files: z.array(z.object({ name: z.string(), blobPath: z.string(), contentType: z.string(), size: z.number().nullable() })),
});
export type CandidateExport = z.infer<typeof candidateExport>;

/** POST /api/crm/privacy/candidate/erase: irreversible; `confirm` is the candidate's email address, typed. */
export const eraseCandidateRequest = z.object({ clientId: id, candidateId: id, confirm: z.string().max(320) });
export const eraseCandidateReply = z.object({
  message: z.string(),
  candidateId: id,
  anonymizedAt: z.string(),
  filesRemoved: z.number().int(),
});

const tags = ['crm-privacy'] as const;
const errors = SIGNED_IN_ERRORS;

/** Candidate privacy (decision 0012 "Privacy"; rights: docs/permissions.md "Candidate privacy"). */
export const crmPrivacyRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/api/crm/privacy/settings',
    query: candidatePrivacyQuery,
    status: 200,
    reply: privacySettings,
    errors,
    tags,
  }),
  updateSettings: defineRoute({
    method: 'PUT',
    path: '/api/crm/privacy/settings',
    body: updatePrivacySettingsRequest,
    status: 200,
    reply: privacySettingsReply,
    errors,
    tags,
  }),
  getCandidate: defineRoute({
    method: 'GET',
    path: '/api/crm/privacy/candidate/:id',
    params: candidatePrivacyParams,
    query: candidatePrivacyQuery,
    status: 200,
    reply: candidatePrivacyReply,
    errors,
    tags,
  }),
  /** The JSON export, sent as an attachment. */
  exportCandidate: defineRoute({
    method: 'GET',
    path: '/api/crm/privacy/candidate/:id/export',
    params: candidatePrivacyParams,
    query: candidatePrivacyQuery,
    status: 200,
    reply: candidateExport,
    errors,
    tags,
  }),
  /** The candidate's files as a zip (a stream, not a JSON reply). */
  exportFiles: defineRoute({
    method: 'GET',
    path: '/api/crm/privacy/candidate/:id/files',
    params: candidatePrivacyParams,
    query: candidatePrivacyQuery,
    status: 200,
    reply: null,
    errors,
    tags,
  }),
  erase: defineRoute({
    method: 'POST',
    path: '/api/crm/privacy/candidate/erase',
    body: eraseCandidateRequest,
    status: 200,
    reply: eraseCandidateReply,
    errors,
    tags,
  }),
};
