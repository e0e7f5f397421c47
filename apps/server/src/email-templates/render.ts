import type { TemplateKind } from '@hh/contract/team';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { defaultTemplates } from './defaults.ts';

export type MergeValues = Record<string, string | null | undefined>;
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const FIELD = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** `firstName` reads "Hello{{firstName}}," as "Hello Ann," or "Hello,": it carries its own leading space. */
function value(values: MergeValues, field: string): string {
  const v = values[field] ?? '';
  return field === 'firstName' && v ? ` ${v}` : v;
}

/**
 * Fills a template's merge fields. The text part is plain; the HTML part escapes the template and
 * every value, turns paragraphs into <p> and http(s) `link` values into anchors, so a stored template
 * cannot inject markup into a mail.
 */
export function renderTemplate(tpl: { subject: string; emailValue: string }, values: MergeValues): RenderedMail {
  const subject = tpl.subject.replace(FIELD, (_m, f: string) => value(values, f)).replace(/[\r\n]+/g, ' ');
  const text = tpl.emailValue.replace(FIELD, (_m, f: string) => value(values, f));
  const html = tpl.emailValue
    .split(/\n{2,}/)
    .map((para) => {
      const parts = escapeHtml(para).replace(FIELD, (_m, f: string) => {
        const v = value(values, f);
        if (f === 'link' && /^https?:\/\//i.test(v)) return `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>`;
        return escapeHtml(v);
      });
      return `<p>${parts.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
  return { subject, text, html };
}

/** The client's template of this kind when it has one, else the product's default. */
export async function templateFor(db: DbOrTx, clientId: string | null, kind: TemplateKind): Promise<{ subject: string; emailValue: string }> {
  if (clientId) {
    const [row] = await db
      .select({ subject: emailTemplates.subject, emailValue: emailTemplates.emailValue })
      .from(emailTemplates)
      .where(and(eq(emailTemplates.clientId, clientId), eq(emailTemplates.name, kind)))
      .limit(1);
    if (row) return { subject: row.subject || defaultTemplates[kind].subject, emailValue: row.emailValue };
  }
  return defaultTemplates[kind];
}

/** Renders the mail of `kind` for a client: their template when one exists (issue 14), else the default. */
export async function renderMailFor(db: DbOrTx, clientId: string | null, kind: TemplateKind, values: MergeValues): Promise<RenderedMail> {
  return renderTemplate(await templateFor(db, clientId, kind), values);
}
