import { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import * as c from '@hh/contract/team';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { deleteTemplate } from './delete-template.ts';
import { getTemplate } from './get-template.ts';
import { listLibraryRecipients } from './library-recipients.ts';
import { listTemplates } from './list-templates.ts';
import { previewLibraryTemplate, sendLibraryTest } from './preview-library.ts';
import { previewTemplate, sendTestTemplate } from './preview-template.ts';
import { saveTemplate } from './save-template.ts';
import { updateTemplate } from './update-template.ts';

/** Email templates (recruiting spec §3, §7): the client's text for each mail the product sends, with merge fields, preview and test send. */
export default async function emailTemplateRoutes(app: FastifyInstance) {
  route(app, r.list, listTemplates, { clientIdKey: 'emailTemplates' });
  // 201 when the client's template of that kind is created, 200 (declared here) when it is updated.
  route(app, r.save, saveTemplate, { schema: { response: { 200: c.emailTemplateReply } } });
  route(app, r.get, getTemplate);
  route(app, r.update, updateTemplate);
  // By id, or by a system mail's name (the product's own text is then used again).
  route(app, r.delete, deleteTemplate);
  route(app, r.preview, previewTemplate);
  route(app, r.testSend, sendTestTemplate);
  // A library template's draft, filled for a real candidate of the client or a sample recipient (the conversations merge fields).
  route(app, r.libraryPreview, previewLibraryTemplate);
  route(app, r.libraryTestSend, sendLibraryTest);
  route(app, r.libraryRecipients, listLibraryRecipients);
}
