import { defineRoute } from './route.ts';
import {
  createEmailTemplateRequest,
  deleteEmailTemplateQuery,
  emailTemplateList,
  emailTemplateListQuery,
  emailTemplateReply,
  messageOnlyReply,
  previewEmailTemplateReply,
  previewEmailTemplateRequest,
  testEmailTemplateRequest,
} from './team.ts';

const tags = ['email-templates'] as const;
const errors = [400, 401, 403, 404] as const;
/** Email templates (recruiting spec §3, §7): the client's text for each mail the product sends; the schemas are in team.ts. */
export const emailTemplateRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/email-templates', query: emailTemplateListQuery, status: 200, reply: emailTemplateList, errors, tags }),
  /** Creates the client's template of that kind (201) or, when it exists, updates it (200, the same reply). */
  save: defineRoute({
    method: 'POST',
    path: '/api/email-templates/create',
    body: createEmailTemplateRequest,
    status: 201,
    reply: emailTemplateReply,
    errors,
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
