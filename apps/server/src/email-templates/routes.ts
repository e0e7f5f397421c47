import { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/team';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadAccessibleClient, selectedClientId } from '../auth/access.ts';
import { users } from '../db/schema/core.ts';
import { loadBranding, renderTemplateMail } from '../mail/index.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { defaultTemplates } from './defaults.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { templateFor } from './render.ts';
import { sampleValues } from './sample-values.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './save-template.ts';
import { serializeTemplate } from './serialize.ts';

/** Email templates (recruiting spec §3, §7): the client's text for each mail the product sends, with merge fields, preview and test send. */
export default async function emailTemplateRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, r.list, async (req) => {
    // The spec's call has no clientId: the selected client (X-Client-Id) names it then.
    const rows = await listTemplates(db, actorOf(req), selectedClientId(req, req.query.clientId, 'emailTemplates'));
    const defaults = c.templateKinds.map((name) => ({ name, ...defaultTemplates[name], mergeFields: c.mergeFields[name] }));
    return { results: rows.map(serializeTemplate), totalCount: rows.length, defaults };
  });

  // 201 when the client's template of that kind is created, 200 when it is updated.
  legacyRoute(
    app,
    r.save,
    async (req, reply) => {
      const { row, created } = await saveTemplate(db, actorOf(req), req.body);
      if (!created) reply.code(200);
      return { message: created ? messages.recruiting.templateCreated : messages.recruiting.templateUpdated, template: serializeTemplate(row) };
    },
    { schema: { response: { 200: c.emailTemplateReply } } },
  );

  // Back to the product's own text: the client's template of that kind is removed.
  legacyRoute(app, r.delete, async (req) => {
    await deleteTemplate(db, actorOf(req), req.query.clientId, req.query.name);
    return { message: messages.team.templateDeleted };
  });

  /** The mail as it would be sent, in the client's branded layout: the draft given, else the client's template, else the default; sample values merged. */
  async function draftMail(clientId: string, body: { name: c.TemplateKind; subject?: string; emailValue?: string }) {
    const stored = await templateFor(db, clientId, body.name);
    const tpl = { subject: body.subject?.trim() || stored.subject, emailValue: body.emailValue?.trim() || stored.emailValue };
    requireKnownMergeFields(body.name, tpl);
    const branding = await loadBranding(db, clientId, app.config.publicUrl);
    return renderTemplateMail(tpl, sampleValues(body.name, branding.name, app.config.publicUrl), branding, defaultTemplates[body.name].subject);
  }

  legacyRoute(app, r.preview, async (req) => {
    const client = await loadAccessibleClient(db, actorOf(req), req.body.clientId, 'emailTemplates');
    return draftMail(client.id, req.body);
  });

  // A test send goes to the caller's own address only.
  legacyRoute(app, r.testSend, async (req) => {
    const actor = actorOf(req);
    const client = await loadClientForWrite(db, actor, req.body.clientId, 'emailTemplates');
    const mail = await draftMail(client.id, req.body);
    const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
    await app.mail.send({ to: me.email, clientId: client.id, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
    return { message: messages.team.templateTestSent(me.email) };
  });
}
