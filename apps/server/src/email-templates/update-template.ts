import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';
import { serializeTemplate } from './serialize.ts';
import { cleanBody, defaultSubject, nameRace, requireFreeName } from './template-body.ts';

/** PATCH /api/email-templates/update: renames or rewrites one of the client's templates (fields left out stay); another client's is a 404. */
export const updateTemplate: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const actor = input.actor;
  const client = await loadClientForWrite(deps, { actor, clientId: input.clientId, key: 'emailTemplates' });
  const row = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, input.templateId)))
        .for('update');
      if (!before) throw notFound('templateId', messages.team.templateNotFound);
      const name = input.name ?? before.name;
      // An emptied subject falls back as on create (the name, or the system mail's subject).
      const subject = input.subject === undefined ? before.subject : input.subject || defaultSubject(name);
      const emailValue = input.emailValue === undefined ? before.emailValue : input.emailValue;
      requireKnownMergeFields(name, { subject, emailValue });
      const values = { name, subject, emailValue: cleanBody(emailValue), updatedAt: new Date() };
      if (name !== before.name) await requireFreeName(tx, client.id, name, before.id);
      const [row] = await tx
        .update(emailTemplates)
        .set(values)
        .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, before.id)))
        .returning();
      await logActivity(tx, { actor, clientId: client.id, action: 'update', entity: 'emailTemplate', entityId: row.id, changes: { name } });
      return row;
    })
    .catch(nameRace);
  return { message: messages.recruiting.templateUpdated, template: serializeTemplate(row) };
};
