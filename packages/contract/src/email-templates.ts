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
