import { type ConversationChannel, conversationMergeFields } from '@hh/contract/conversations';
import { phoneProblem } from '@hh/contract/conversations-phone';
import { normalizePhone } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { clients, users } from '../db/schema/core.ts';
import { jobs } from '../db/schema/jobs.ts';
import { emailTemplates } from '../db/schema/team.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { htmlToText, isHtmlBody, renderClientTemplate, sanitizeTemplateHtml, unknownMergeFields } from '../mail/index.ts';

/**
 * What a send or a preview writes, before it is filled for each recipient: the subject and body
 * (the call's, else its template's), checked once: an email needs a subject, a message needs a body,
 * and only the conversation merge fields may appear (a 400 naming the first unknown one).
 */
export interface Composition {
  clientId: string;
  clientName: string;
  channel: ConversationChannel;
  subject: string | null;
  /** The editor's HTML (sanitised) or plain text. */
  body: string;
  templateId: string | null;
  jobId: string | null;
  jobTitle: string;
  recruiterName: string;
}

export interface ComposeRequest {
  channel: ConversationChannel;
  templateId?: string;
  subject?: string;
  body?: string;
  jobId?: string;
}

const allowedList = () => conversationMergeFields.map((f) => `{{${f}}}`).join(', ');

/** The merge fields of a subject and body are conversation fields; else a 400 naming the field and where it is. */
export function requireConversationFields(fields: { subject?: string | null; body?: string | null }, keys = { subject: 'subject', body: 'body' }) {
  for (const key of ['subject', 'body'] as const) {
    const [unknown] = unknownMergeFields(fields[key] ?? '', conversationMergeFields);
    if (unknown !== undefined) throw badRequest(keys[key], messages.conversations.unknownMergeField(unknown, allowedList()));
  }
}

export function senderName(u: { firstName: string; lastName: string; email: string } | undefined): string {
  if (!u) return '';
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

export async function compose(db: DbOrTx, client: { id: string; name: string }, actorId: string | null, req: ComposeRequest): Promise<Composition> {
  let subject = req.subject?.trim() || null;
  let body = req.body ?? '';
  let templateId: string | null = null;
  if (req.templateId) {
    const [tpl] = await db
      .select()
      .from(emailTemplates)
      .where(and(eq(emailTemplates.clientId, client.id), eq(emailTemplates.id, req.templateId)));
    if (!tpl) throw notFound('templateId', messages.conversations.templateNotFound);
    templateId = tpl.id;
    subject ??= tpl.subject || null;
    if (!body.trim()) body = tpl.emailValue;
  }
  // An SMS is plain text: the editor's HTML becomes its text; an email keeps the sanitised HTML.
  if (req.channel === 'sms') {
    if (isHtmlBody(body)) body = htmlToText(sanitizeTemplateHtml(body));
    subject = null;
  } else if (isHtmlBody(body)) body = sanitizeTemplateHtml(body);
  if (!body.replace(/<[^>]*>/g, '').trim()) throw badRequest('body', messages.conversations.bodyEmpty);
  if (req.channel === 'email' && !subject) throw badRequest('subject', messages.conversations.subjectRequired);
  requireConversationFields({ subject, body });
  let jobTitle = '';
  if (req.jobId) {
    const [job] = await db
      .select({ title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.id, req.jobId)));
    if (!job) throw notFound('jobId', messages.conversations.jobNotFound);
    jobTitle = job.title;
  }
  const [author] = actorId ? await db.select().from(users).where(eq(users.id, actorId)) : [];
  return {
    clientId: client.id,
    clientName: client.name,
    channel: req.channel,
    subject,
    body,
    templateId,
    jobId: req.jobId ?? null,
    jobTitle,
    recruiterName: senderName(author),
  };
}

export type Recipient = typeof candidates.$inferSelect;

/** The candidates of the client with these ids, in the order asked; a missing one is a 404. */
export async function loadRecipients(db: DbOrTx, clientId: string, ids: string[]): Promise<Recipient[]> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select()
        .from(candidates)
        .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, unique)))
    : [];
  if (rows.length !== unique.length) throw notFound('candidateIds', messages.conversations.candidateNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id) as Recipient);
}

export const displayName = (c: Pick<Recipient, 'firstName' | 'lastName' | 'email'>) => `${c.firstName} ${c.lastName}`.trim() || c.email || 'This candidate';

/** Where the message goes (the candidate's email or mobile number), or the problem that stops it. */
export function addressOf(c: Recipient, channel: ConversationChannel): { to: string | null; problem: string | null } {
  if (channel === 'email') {
    const to = c.email?.trim() && !c.anonymizedAt ? c.email.trim() : null;
    return { to, problem: to ? null : messages.conversations.noEmail(displayName(c)) };
  }
  const phone = c.phone?.trim() && !c.anonymizedAt ? c.phone.trim() : null;
  if (!phone) return { to: null, problem: messages.conversations.noPhone(displayName(c)) };
  // A number Twilio would refuse (not E.164, or the wrong length for its country) is named before anything is stored.
  const problem = phoneProblem(phone);
  return problem ? { to: null, problem } : { to: normalizePhone(phone), problem: null };
}

/** The message for one recipient: merge fields filled (values escaped in the HTML; the booking link, when given, a link). */
export function renderFor(c: Composition, r: Pick<Recipient, 'firstName' | 'lastName'>, bookingLink: string | null = null) {
  const values = { firstName: r.firstName, lastName: r.lastName, jobTitle: c.jobTitle, recruiterName: c.recruiterName, clientName: c.clientName, bookingLink };
  const filled = renderClientTemplate({ subject: c.subject ?? '', emailValue: c.body }, values, conversationMergeFields);
  return {
    subject: c.channel === 'email' ? filled.subject : null,
    bodyText: filled.text,
    bodyHtml: c.channel === 'email' ? filled.html : null,
  };
}

export async function clientName(db: DbOrTx, clientId: string): Promise<string> {
  const [c] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return c?.name ?? '';
}
