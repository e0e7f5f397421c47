import { messages } from '@hh/contract/messages';
import { isTemplateKind } from '@hh/contract/team';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { isHtmlBody, sanitizeTemplateHtml } from '../mail/index.ts';
import { defaultTemplates } from './defaults.ts';

/** The rich-text editor's HTML is stored sanitised (formatting and http(s)/mailto links only); plain text as it is. An empty body is a 400. */
export function cleanBody(emailValue: string): string {
  const clean = isHtmlBody(emailValue) ? sanitizeTemplateHtml(emailValue) : emailValue;
  if (!clean.replace(/<[^>]*>/g, '').trim()) throw badRequest('emailValue', messages.team.templateBodyEmpty);
  return clean;
}

/** A subject left out: a system mail keeps the product's subject, a library template is titled with its name. */
export const defaultSubject = (name: string) => (isTemplateKind(name) ? defaultTemplates[name].subject : name);

/** Names are unique per client whatever their case: another template (not `exceptId`) with this name is a 409. */
export async function requireFreeName(db: DbOrTx, clientId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(
      and(eq(emailTemplates.clientId, clientId), sql`lower(${emailTemplates.name}) = lower(${name})`, exceptId ? ne(emailTemplates.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw conflict('name', messages.team.templateNameTaken);
}

/** A unique-key race (two saves of one name at once) is the same 409 as the check above. */
export function nameRace(err: unknown): never {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw conflict('name', messages.team.templateNameTaken);
  throw err;
}
