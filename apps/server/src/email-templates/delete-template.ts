import type { emailTemplateRoutes as r } from '@hh/contract/email-templates';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { notFound } from '../lib/app-error.ts';
import { loadClientForWrite } from '../questions/index.ts';

/**
 * DELETE /api/email-templates/delete: one of the client's templates goes, named by `templateId` or
 * by `name` (a system mail's override: the product's text is used again).
 */
export const deleteTemplate: Operation<typeof r.delete, 'db'> = async (deps, input) => {
  const { actor } = input;
  const client = await loadClientForWrite(deps, { actor, clientId: input.clientId, key: 'emailTemplates' });
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailTemplates)
      .where(
        and(eq(emailTemplates.clientId, client.id), input.templateId ? eq(emailTemplates.id, input.templateId) : eq(emailTemplates.name, input.name ?? '')),
      )
      .returning({ id: emailTemplates.id, name: emailTemplates.name });
    if (!row) throw notFound(input.templateId ? 'templateId' : 'name', messages.team.templateNotFound);
    await logActivity(tx, { actor, clientId: client.id, action: 'delete', entity: 'emailTemplate', entityId: row.id, changes: { name: row.name } });
  });
  return { message: messages.team.templateDeleted };
};
