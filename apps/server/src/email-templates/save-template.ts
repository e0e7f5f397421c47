import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { isTemplateKind } from '@hh/contract/team';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { answer, type Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { serializeTemplate } from './serialize.ts';
import { cleanBody, defaultSubject, nameRace, requireFreeName } from './template-body.ts';

/**
 * POST /api/email-templates/create: a template of the client's library (any name, unique per client
 * whatever its case: 201, or 409 when the name is taken). A system mail's name (`invitation`, ...)
 * overrides that mail, one per kind: saving it again replaces it (201 created, 200 updated).
 */
export const saveTemplate: Operation<typeof r.save, 'db'> = async (deps, input) => {
  const actor = input.actor;
  const client = await loadClientForWrite(deps, { actor, clientId: input.clientId, key: 'emailTemplates' });
  const name = input.name;
  const subject = input.subject || defaultSubject(name);
  requireKnownMergeFields(name, { subject, emailValue: input.emailValue });
  const emailValue = cleanBody(input.emailValue);
  const system = isTemplateKind(name);
  const { row, created } = await deps.db
    .transaction(async (tx) => {
      const [before] = system
        ? await tx
            .select({ id: emailTemplates.id })
            .from(emailTemplates)
            .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.name, name)))
            .limit(1)
        : [];
      await requireFreeName(tx, client.id, name, before?.id);
      const values = { subject, emailValue, updatedAt: new Date() };
      const [row] = before
        ? await tx
            .update(emailTemplates)
            .set(values)
            .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, before.id)))
            .returning()
        : await tx
            .insert(emailTemplates)
            .values({ clientId: client.id, name, ...values, createdBy: actor.id })
            .returning();
      await logActivity(tx, {
        actor,
        clientId: client.id,
        action: before ? 'update' : 'create',
        entity: 'emailTemplate',
        entityId: row.id,
        changes: { name },
      });
      return { row, created: !before };
    })
    .catch(nameRace);
  const reply = { message: created ? messages.recruiting.templateCreated : messages.recruiting.templateUpdated, template: serializeTemplate(row) };
  return created ? reply : answer({ status: 200, body: reply });
};
