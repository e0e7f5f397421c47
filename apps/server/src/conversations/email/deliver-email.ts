import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/core.ts';
import { conversationMessages } from '../../db/schema/conversations.ts';
import { loadBranding, renderTemplateMail } from '../../mail/index.ts';
import { senderName } from '../compose.ts';
import { EMAIL_SEND_QUEUE, updateDelivery } from '../store.ts';
import { messageIdHeader, replyAddress } from './reply-address.ts';

type EmailDeps = Pick<Deps, 'db' | 'mail' | 'config' | 'queue'>;

/** The address part of MAIL_FROM (`Name <a@b>` or `a@b`). */
const fromAddress = (mailFrom: string) => /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** `"Jane Doe (Acme)" <no-reply@…>`: the recruiter's name, the client's name, the product's sending address. */
export function fromHeader(config: Pick<Deps['config'], 'MAIL_FROM'>, recruiter: string, client: string): string {
  const name = (recruiter ? `${recruiter} (${client})` : client).replace(/["\\\r\n<>]/g, '').trim();
  return name ? `"${name}" <${fromAddress(config.MAIL_FROM)}>` : config.MAIL_FROM;
}

/**
 * The client's branded mail frame (logo, name, footer: the product's layout) with a slot for the
 * body, rendered once per client and batch: a bulk send fills it for each recipient instead of
 * rendering the layout 500 times. The body is the message's sanitised HTML (merge values escaped).
 */
export type FrameCache = Map<string, Promise<string>>;
const SLOT = 'HHCONVERSATIONBODYSLOT';
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
function frameOf(db: DbOrTx, clientId: string, cache?: FrameCache): Promise<string> {
  const make = async () => renderTemplateMail({ subject: '', emailValue: `<p>${SLOT}</p>` }, {}, await loadBranding({ db }, { clientId })).then((r) => r.html);
  if (!cache) return make();
  let f = cache.get(clientId);
  if (!f) {
    f = make();
    cache.set(clientId, f);
  }
  return f;
}

/**
 * Hands one queued email of a conversation to the mail path (the outbox, delivered over SMTP when
 * SMTP_URL is set) and marks it sent, in one transaction under a row lock: a message is handed over
 * once, however often this runs (a retried job, a restarted process, two workers). A message whose
 * time has not come is left for its scheduled job. Returns whether it was handed over now.
 */
export async function deliverEmailMessage(deps: EmailDeps, clientId: string, messageId: string, frames?: FrameCache): Promise<boolean> {
  let outboxId: string | null = null;
  await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(conversationMessages)
      .where(and(eq(conversationMessages.clientId, clientId), eq(conversationMessages.id, messageId)))
      .for('update', { skipLocked: true })
      .limit(1);
    if (m?.channel !== 'email' || m.direction !== 'out' || (m.status !== 'queued' && m.status !== 'scheduled')) return;
    if (m.sendAt && m.sendAt.getTime() > Date.now() + 1000) return;
    const frame = await frameOf(tx, clientId, frames);
    const preview = escapeHtml(
      m.bodyText
        .split('\n')
        .find((l) => l.trim())
        ?.slice(0, 120) ?? '',
    );
    const inner = m.bodyHtml ?? `<p>${escapeHtml(m.bodyText).replace(/\n/g, '<br>')}</p>`;
    const html = frame.replace(`<p>${SLOT}</p>`, () => inner).replace(SLOT, () => preview);
    const msgId = messageIdHeader(deps.config, clientId, m.id);
    outboxId = await deps.mail.send(
      {
        to: m.toAddress,
        subject: m.subject ?? '',
        text: m.bodyText,
        html,
        clientId,
        headers: { From: m.fromAddress, 'Reply-To': replyAddress(deps.config, m.threadId), 'Message-ID': msgId },
      },
      tx,
    );
    await updateDelivery({ db: tx }, { clientId, messageId: m.id, status: 'sent', setProviderId: msgId });
  });
  if (outboxId) await deps.mail.deliver(outboxId);
  return outboxId !== null;
}

/** The `From` of a conversation email the author sends. */
export async function emailFrom(deps: Pick<Deps, 'db' | 'config'>, authorId: string | null, client: string): Promise<string> {
  const [u] = authorId ? await deps.db.select().from(users).where(eq(users.id, authorId)) : [];
  return fromHeader(deps.config, senderName(u), client);
}

/** The email-send job: one message, or every email of a batch still waiting (a scheduled bulk send). */
export async function runEmailSend(deps: EmailDeps, job: { clientId: string; messageId?: string; batchId?: string }): Promise<void> {
  if (job.messageId) {
    await deliverEmailMessage(deps, job.clientId, job.messageId);
    return;
  }
  if (!job.batchId) return;
  const waiting = await deps.db
    .select({ id: conversationMessages.id })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.clientId, job.clientId),
        eq(conversationMessages.batchId, job.batchId),
        eq(conversationMessages.channel, 'email'),
        inArray(conversationMessages.status, ['queued', 'scheduled']),
      ),
    );
  const frames: FrameCache = new Map();
  for (const w of waiting) await deliverEmailMessage(deps, job.clientId, w.id, frames);
}

export { EMAIL_SEND_QUEUE };
