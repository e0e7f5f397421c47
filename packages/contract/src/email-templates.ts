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
});
/** The sample recipient the preview and the test are filled for. */
export const LIBRARY_SAMPLE_RECIPIENT = { firstName: 'Alex', lastName: 'Morgan', jobTitle: 'Registered Nurse' } as const;
export const libraryPreviewReply = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Who it was filled for: the sample candidate, the sample job, the caller as the recruiter. */
  sample: z.object({ candidateName: z.string(), jobTitle: z.string(), recruiterName: z.string() }),
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
  /** A library template's draft as the sample recipient gets it. */
  libraryPreview: defineRoute({
    method: 'POST',
    path: '/api/email-templates/library/preview',
    body: libraryDraftRequest,
    status: 200,
    reply: libraryPreviewReply,
    errors,
    tags,
  }),
  /** A library template's draft, filled for the sample recipient, to the caller's own address only. */
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
