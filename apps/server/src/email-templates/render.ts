import type { TemplateKind } from '@hh/contract/team';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { defaultTemplates } from './defaults.ts';

/**
 * The client's template of this kind when it has one, else the product's default text (the editor's
 * starting point). The product's mails themselves pick the client's template in mail/ (renderMail).
 */
export async function templateFor(db: DbOrTx, clientId: string, kind: TemplateKind): Promise<{ subject: string; emailValue: string; custom: boolean }> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, emailValue: emailTemplates.emailValue })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.clientId, clientId), eq(emailTemplates.name, kind)))
    .limit(1);
  if (row) return { subject: row.subject || defaultTemplates[kind].subject, emailValue: row.emailValue, custom: true };
  return { ...defaultTemplates[kind], custom: false };
}
