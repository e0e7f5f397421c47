import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { answer, type Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { badRequest } from '../lib/app-error.ts';
import { isHtmlBody, sanitizeTemplateHtml } from '../mail/index.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { serializeTemplate } from './serialize.ts';

/**
 * POST /api/email-templates/create: the client's template for one kind of mail (`name`). One per
 * kind: saving again replaces it. 201 when the client's template of that kind is created, 200 when
 * it is updated.
 */
export const saveTemplate: Operation<typeof r.save, 'db'> = async (deps, input) => {
  const actor = input.actor;
  const client = await loadClientForWrite(deps, { actor, clientId: input.clientId, key: 'emailTemplates' });
  requireKnownMergeFields(input.name, input);
  // The rich-text editor's HTML is stored sanitised (formatting and http(s)/mailto links only); plain text as it is.
  const emailValue = isHtmlBody(input.emailValue) ? sanitizeTemplateHtml(input.emailValue) : input.emailValue;
  if (!emailValue.replace(/<[^>]*>/g, '').trim()) throw badRequest('emailValue', messages.team.templateBodyEmpty);
  const { row, created } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: emailTemplates.id })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.name, input.name)))
      .limit(1);
    const values = { subject: input.subject, emailValue, updatedAt: new Date() };
    const [row] = await tx
      .insert(emailTemplates)
      .values({ clientId: client.id, name: input.name, ...values, createdBy: actor.id })
      .onConflictDoUpdate({ target: [emailTemplates.clientId, emailTemplates.name], set: values })
      .returning();
    await logActivity(tx, {
      actor,
      clientId: client.id,
      action: before ? 'update' : 'create',
      entity: 'emailTemplate',
      entityId: row.id,
      changes: { name: input.name },
    });
    return { row, created: !before };
  });
  const reply = { message: created ? messages.recruiting.templateCreated : messages.recruiting.templateUpdated, template: serializeTemplate(row) };
  return created ? reply : answer({ status: 200, body: reply });
};
