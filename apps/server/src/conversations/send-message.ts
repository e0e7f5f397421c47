import { randomUUID } from 'node:crypto';
import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest, forbidden } from '../lib/app-error.ts';
import { bookingLinkOf, usesBookingLink } from './booking-links.ts';
import { addressOf, type Composition, compose, loadRecipients, type Recipient, renderFor } from './compose.ts';
import { deliverEmailMessage, emailFrom, type FrameCache } from './email/deliver-email.ts';
import { CONVERSATION_BULK_SENDERS, CONVERSATION_USERS, hasNeed } from './rights.ts';
import { loadMessages, serializeMessage } from './serialize.ts';
import { BULK_SEND_QUEUE, EMAIL_SEND_QUEUE, recordOutbound, SMS_SEND_QUEUE } from './store.ts';

type SendDeps = Pick<Deps, 'db' | 'mail' | 'config' | 'queue'>;

/** What the bulk-send job receives: the composition checked by the call, the recipients, the batch. */
export interface BulkSendJob {
  clientId: string;
  batchId: string;
  authorUserId: string;
  authorEmail: string;
  candidateIds: string[];
  composition: Composition;
  sendAt: string | null;
}

/**
 * One recipient: the message is stored (once per idempotency key) and sent now or at its time.
 * Email due now is handed to the mail path here; a scheduled email waits for its job; an SMS goes
 * to the SMS channel's queue. A message already stored under the key and still waiting is sent
 * again by the same rule (its sender locks it and sends it only while it waits), so a send cut off
 * by a restart carries on and never sends twice.
 */
async function sendTo(
  deps: SendDeps,
  c: Composition,
  r: Recipient,
  opts: {
    batchId: string;
    idempotencyKey: string;
    sendAt: Date | null;
    authorUserId: string;
    authorEmail: string;
    from: string;
    mode: 'single' | 'bulk';
    frames?: FrameCache;
  },
) {
  const { to } = addressOf(r, c.channel);
  if (!to) return null;
  // The booking link is the recipient's own (made, or the one made for an earlier message reused, so a job run again puts in the same link).
  const link = usesBookingLink(c) ? await bookingLinkOf(deps, c, r, opts.authorUserId, false) : null;
  if (link?.problem) {
    // Checked by the call already; an interview booked or removed since leaves this recipient out of a bulk send.
    if (opts.mode === 'single') throw badRequest('body', link.problem);
    return null;
  }
  const filled = renderFor(c, r, link?.url ?? null);
  const stored = await recordOutbound(deps, {
    clientId: c.clientId,
    candidateId: r.id,
    channel: c.channel,
    from: c.channel === 'email' ? opts.from : '',
    to,
    subject: filled.subject,
    bodyText: filled.bodyText,
    bodyHtml: filled.bodyHtml,
    sendAt: opts.sendAt,
    idempotencyKey: opts.idempotencyKey,
    batchId: opts.batchId,
    templateId: c.templateId,
    jobId: c.jobId,
    authorUserId: opts.authorUserId,
    authorEmail: opts.authorEmail,
  });
  const m = stored.message;
  if (m.status !== 'queued' && m.status !== 'scheduled') return m;
  const startAfter = m.sendAt && m.sendAt.getTime() > Date.now() ? m.sendAt : undefined;
  if (c.channel === 'sms') await deps.queue.send(SMS_SEND_QUEUE, { clientId: c.clientId, messageId: m.id }, startAfter ? { startAfter } : undefined);
  // A scheduled bulk email waits for its batch's one job (runBulkSend); a single one gets its own.
  else if (startAfter) {
    if (opts.mode === 'single') await deps.queue.send(EMAIL_SEND_QUEUE, { clientId: c.clientId, messageId: m.id }, { startAfter });
  } else await deliverEmailMessage(deps, c.clientId, m.id, opts.frames);
  return m;
}

/** The bulk-send job: every recipient of the batch, each once (the key is the batch and the candidate). */
export async function runBulkSend(deps: SendDeps, job: BulkSendJob): Promise<void> {
  const sendAt = job.sendAt ? new Date(job.sendAt) : null;
  const from = job.composition.channel === 'email' ? await emailFrom(deps, job.authorUserId, job.composition.clientName) : '';
  const frames: FrameCache = new Map();
  for (let i = 0; i < job.candidateIds.length; i += 100) {
    const ids = job.candidateIds.slice(i, i + 100);
    let recipients: Recipient[];
    try {
      recipients = await loadRecipients(deps.db, job.clientId, ids);
    } catch {
      // A candidate deleted since the call: send to the others.
      recipients = (await Promise.all(ids.map((id) => loadRecipients(deps.db, job.clientId, [id]).catch(() => [])))).flat();
    }
    for (const r of recipients) {
      await sendTo(deps, job.composition, r, {
        batchId: job.batchId,
        idempotencyKey: `${job.batchId}:${r.id}`,
        sendAt,
        authorUserId: job.authorUserId,
        authorEmail: job.authorEmail,
        from,
        mode: 'bulk',
        frames,
      });
    }
  }
  // A scheduled email batch: one job at its time sends what is still waiting (a retry enqueues it once: singletonKey).
  if (job.composition.channel === 'email' && sendAt && sendAt.getTime() > Date.now())
    await deps.queue.send(EMAIL_SEND_QUEUE, { clientId: job.clientId, batchId: job.batchId }, { startAfter: sendAt, singletonKey: job.batchId });
}

/**
 * POST /api/conversations/send: one candidate is written to in the call (the reply holds the
 * message); several (up to 500) go through the queue as one batch, each recipient once.
 */
export const sendMessage: Operation<typeof r.send, 'db' | 'mail' | 'config' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const ids = [...new Set(input.candidateIds)];
  if (ids.length > 1 && !hasNeed(input.actor, client.id, CONVERSATION_BULK_SENDERS)) throw forbidden('conversations', messages.conversations.bulkNeedsEditor);
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && sendAt.getTime() <= Date.now()) throw badRequest('sendAt', messages.conversations.sendAtPast);
  const c = await compose(deps.db, client, input.actor.id, input);
  const recipients = await loadRecipients(deps.db, client.id, ids);
  const problems = new Map<string, string>();
  for (const x of recipients) {
    const problem = addressOf(x, c.channel).problem ?? (usesBookingLink(c) ? (await bookingLinkOf(deps, c, x, input.actor.id, true)).problem : null);
    if (problem) problems.set(x.id, problem);
  }
  // Those who cannot get the message (no address, no interview to book for the booking link) are left out, as the preview says; none left: a 400 naming the first problem.
  const reachable = recipients.filter((x) => !problems.has(x.id));
  if (!reachable.length) throw badRequest('candidateIds', problems.get(recipients[0].id) as string);
  const batchId = randomUUID();
  if (ids.length === 1) {
    const from = c.channel === 'email' ? await emailFrom(deps, input.actor.id, client.name) : '';
    const m = await sendTo(deps, c, reachable[0], {
      batchId,
      idempotencyKey: `${batchId}:${reachable[0].id}`,
      sendAt,
      authorUserId: input.actor.id,
      authorEmail: input.actor.email,
      from,
      mode: 'single',
    });
    const [full] = m ? await loadMessages(deps.db, client.id, [m.id]) : [];
    return {
      message: sendAt ? messages.conversations.scheduled : messages.conversations.sent,
      batchId,
      count: 1,
      messages: full ? [serializeMessage(full)] : [],
    };
  }
  const job: BulkSendJob = {
    clientId: client.id,
    batchId,
    authorUserId: input.actor.id,
    authorEmail: input.actor.email,
    candidateIds: reachable.map((x) => x.id),
    composition: c,
    sendAt: sendAt?.toISOString() ?? null,
  };
  await deps.queue.send(BULK_SEND_QUEUE, job);
  return { message: messages.conversations.bulkQueued(reachable.length), batchId, count: reachable.length, messages: [] };
};
