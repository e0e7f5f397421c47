import { z } from 'zod';
import { id } from './common.ts';
import { defineRoute } from './route.ts';
import {
  createEmailTemplateRequest,
  deleteEmailTemplateQuery,
  emailTemplateList,
  emailTemplateListQuery,
  emailTemplateReply,
  getEmailTemplateQuery,
  getEmailTemplateReply,
  messageOnlyReply,
  previewEmailTemplateReply,
  previewEmailTemplateRequest,
  testEmailTemplateRequest,
  updateEmailTemplateRequest,
} from './team.ts';

/**
 * A library template as drafted in the editor (saved or not), for its preview and test send: filled
 * with a sample recipient's values and the caller as the recruiter, in the client's branded layout,
 * exactly as the conversations composer sends it. The subject defaults to the name, as on save.
 */
export const libraryDraftRequest = z.object({
  clientId: id,
  name: z.string().trim().max(120).optional(),
  subject: z.string().trim().max(300).optional(),
  emailValue: z.string().trim().min(1, 'Write the text of the email.').max(50000),
  /** A real candidate of the client to fill it for (the preview's recipient picker); left out, the sample recipient. */
  candidateId: id.optional(),
});
/** The sample recipient the preview and the test are filled for. */
export const LIBRARY_SAMPLE_RECIPIENT = { firstName: 'Alex', lastName: 'Morgan', jobTitle: 'Registered Nurse' } as const;
export const libraryPreviewReply = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /**
   * Who it was filled for: the candidate asked for (`candidateId`) with the job of their latest
   * application ('' when they have none), or the sample candidate and job (`candidateId` null); the
   * caller as the recruiter.
   */
  sample: z.object({ candidateId: z.string().nullable(), candidateName: z.string(), jobTitle: z.string(), recruiterName: z.string() }),
});

/** The candidates a preview may be filled for: the client's newest first, or those whose name or address holds `search`. */
export const libraryRecipientsQuery = z.object({ clientId: id, search: z.string().trim().max(100).optional() });
export const LIBRARY_RECIPIENTS_LIMIT = 20;
export const libraryRecipientsReply = z.object({
  results: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      /** The job of the candidate's latest application, '' when they have none. */
      jobTitle: z.string(),
    }),
  ),
});

const tags = ['email-templates'] as const;
const errors = [400, 401, 403, 404] as const;
/** Email templates (recruiting spec §3, §7): the client's text for each mail the product sends; the schemas are in team.ts. */
export const emailTemplateRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/email-templates', query: emailTemplateListQuery, status: 200, reply: emailTemplateList, errors, tags }),
  /** A library template (201; 409 when the name is taken); for a system mail name, creates its override (201) or updates it (200, the same reply). */
  save: defineRoute({
    method: 'POST',
    path: '/api/email-templates/create',
    body: createEmailTemplateRequest,
    status: 201,
    reply: emailTemplateReply,
    errors: [400, 401, 403, 404, 409] as const,
    tags,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/email-templates/get',
    query: getEmailTemplateQuery,
    status: 200,
    reply: getEmailTemplateReply,
    errors,
    tags,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/email-templates/update',
    body: updateEmailTemplateRequest,
    status: 200,
    reply: emailTemplateReply,
    errors: [400, 401, 403, 404, 409] as const,
    tags,
  }),
  // Back to the product's own text: the client's template of that kind is removed.
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/email-templates/delete',
    query: deleteEmailTemplateQuery,
    status: 200,
    reply: messageOnlyReply,
    errors,
    tags,
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/email-templates/preview',
    body: previewEmailTemplateRequest,
    status: 200,
    reply: previewEmailTemplateReply,
    errors,
    tags,
  }),
  /** A library template's draft as the chosen candidate, or the sample recipient, gets it. */
  libraryPreview: defineRoute({
    method: 'POST',
    path: '/api/email-templates/library/preview',
    body: libraryDraftRequest,
    status: 200,
    reply: libraryPreviewReply,
    errors,
    tags,
  }),
  /** The candidates the preview may be filled for (candidate readers of the client). */
  libraryRecipients: defineRoute({
    method: 'GET',
    path: '/api/email-templates/library/recipients',
    query: libraryRecipientsQuery,
    status: 200,
    reply: libraryRecipientsReply,
    errors,
    tags,
  }),
  /** A library template's draft, filled for the chosen or the sample recipient, to the caller's own address only. */
  libraryTestSend: defineRoute({
    method: 'POST',
    path: '/api/email-templates/library/test-send',
    body: libraryDraftRequest,
    status: 200,
    reply: messageOnlyReply,
    errors,
    tags,
  }),
  // A test send goes to the caller's own address only.
  testSend: defineRoute({
    method: 'POST',
    path: '/api/email-templates/test-send',
    body: testEmailTemplateRequest,
    status: 200,
    reply: messageOnlyReply,
    errors,
    tags,
  }),
};
