import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/team';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAccessibleClient } from '../auth/access.ts';
import { users } from '../db/schema/core.ts';
import { loadBranding, renderTemplateMail } from '../mail/index.ts';
import { actorOf } from '../plugins/auth.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { defaultTemplates } from './defaults.ts';
import { templateFor } from './render.ts';
import { sampleValues } from './sample-values.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './save-template.ts';
import { serializeTemplate } from './serialize.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** Email templates (recruiting spec §3, §7): the client's text for each mail the product sends, with merge fields, preview and test send. */
export default async function emailTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['email-templates'];
  const db = app.db;

  app.get(
    '/api/email-templates',
    { schema: { tags, querystring: c.emailTemplateListQuery, response: { 200: c.emailTemplateList, ...errors } } },
    async (req) => {
      const rows = await listTemplates(db, actorOf(req), req.query.clientId);
      const defaults = c.templateKinds.map((name) => ({ name, ...defaultTemplates[name], mergeFields: c.mergeFields[name] }));
      return { results: rows.map(serializeTemplate), totalCount: rows.length, defaults };
    },
  );

  app.post(
    '/api/email-templates/create',
    { schema: { tags, body: c.createEmailTemplateRequest, response: { 200: c.emailTemplateReply, 201: c.emailTemplateReply, ...errors } } },
    async (req, reply) => {
      const { row, created } = await saveTemplate(db, actorOf(req), req.body);
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? messages.recruiting.templateCreated : messages.recruiting.templateUpdated, template: serializeTemplate(row) });
    },
  );

  // Back to the product's own text: the client's template of that kind is removed.
  app.delete(
    '/api/email-templates/delete',
    { schema: { tags, querystring: c.deleteEmailTemplateQuery, response: { 200: c.messageOnlyReply, ...errors } } },
    async (req) => {
      await deleteTemplate(db, actorOf(req), req.query.clientId, req.query.name);
      return { message: c.teamTexts.templateDeleted };
    },
  );

  /** The mail as it would be sent, in the client's branded layout: the draft given, else the client's template, else the default; sample values merged. */
  async function draftMail(clientId: string, body: { name: c.TemplateKind; subject?: string; emailValue?: string }) {
    const stored = await templateFor(db, clientId, body.name);
    const tpl = { subject: body.subject?.trim() || stored.subject, emailValue: body.emailValue?.trim() || stored.emailValue };
    const branding = await loadBranding(db, clientId, app.config.publicUrl);
    return renderTemplateMail(tpl, sampleValues(body.name, branding.name, app.config.publicUrl), branding, defaultTemplates[body.name].subject);
  }

  app.post(
    '/api/email-templates/preview',
    { schema: { tags, body: c.previewEmailTemplateRequest, response: { 200: c.previewEmailTemplateReply, ...errors } } },
    async (req) => {
      const client = await loadAccessibleClient(db, actorOf(req), req.body.clientId, 'emailTemplates');
      return draftMail(client.id, req.body);
    },
  );

  // A test send goes to the caller's own address only.
  app.post(
    '/api/email-templates/test-send',
    { schema: { tags, body: c.testEmailTemplateRequest, response: { 200: c.messageOnlyReply, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      const client = await loadClientForWrite(db, actor, req.body.clientId, 'emailTemplates');
      const mail = await draftMail(client.id, req.body);
      const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
      await app.mail.send({ to: me.email, clientId: client.id, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
      return { message: c.teamTexts.templateTestSent(me.email) };
    },
  );
}
