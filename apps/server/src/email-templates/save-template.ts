import { messages } from '@hh/contract/messages';
import type { z } from 'zod';
import type { TemplateKind, createEmailTemplateRequest } from '@hh/contract/team';
import { and, asc, eq } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { type EmailTemplateRow, emailTemplates } from '../db/schema/team.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { isHtmlBody, sanitizeTemplateHtml } from '../mail/index.ts';
import { loadClientForWrite } from '../questions/index.ts';
import { requireKnownMergeFields } from './check-merge-fields.ts';

/**
 * POST /api/email-templates/create: the client's template for one kind of mail (`name`). One per
 * kind: saving again replaces it. Returns whether it was created.
 */
export async function saveTemplate(
  db: Db,
  actor: Actor,
  input: z.infer<typeof createEmailTemplateRequest>,
): Promise<{ row: EmailTemplateRow; created: boolean }> {
  const client = await loadClientForWrite(db, actor, input.clientId, 'emailTemplates');
  requireKnownMergeFields(input.name, input);
  // The rich-text editor's HTML is stored sanitised (formatting and http(s)/mailto links only); plain text as it is.
  const emailValue = isHtmlBody(input.emailValue) ? sanitizeTemplateHtml(input.emailValue) : input.emailValue;
  if (!emailValue.replace(/<[^>]*>/g, '').trim()) throw badRequest('emailValue', messages.team.templateBodyEmpty);
  return db.transaction(async (tx) => {
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
}

/** GET /api/email-templates: the client's templates. */
export async function listTemplates(db: Db, actor: Actor, clientId: string): Promise<EmailTemplateRow[]> {
  const client = await loadAccessibleClient(db, actor, clientId, 'emailTemplates');
  return db.select().from(emailTemplates).where(eq(emailTemplates.clientId, client.id)).orderBy(asc(emailTemplates.name));
}

/** DELETE /api/email-templates/delete: the client's template of one kind goes; the product's text is used again. */
export async function deleteTemplate(db: Db, actor: Actor, clientId: string, name: TemplateKind): Promise<void> {
  const client = await loadClientForWrite(db, actor, clientId, 'emailTemplates');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.name, name)))
      .returning({ id: emailTemplates.id });
    if (!row) throw notFound('name', messages.team.templateNotFound);
    await logActivity(tx, { actor, clientId: client.id, action: 'delete', entity: 'emailTemplate', entityId: row.id, changes: { name } });
  });
}
