import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { recordCandidateEvent } from '../crm/index.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidateEvents } from '../db/schema/candidates.ts';
import {
  type ConversationChannel,
  type ConversationMessageRow,
  type ConversationStatus,
  type ConversationThreadRow,
  conversationAttachments,
  conversationMessages,
  conversationThreads,
} from '../db/schema/conversations.ts';

/**
 * The message store: every email and SMS, in or out, is one `conversation_messages` row in the
 * candidate's one thread, and one `conversation` entry on the candidate's timeline whose `status`
 * follows the message's delivery. Each function runs in one transaction (a savepoint when given a
 * transaction), so a message is never half-stored.
 */

/** What a send job of the SMS channel receives: `{ clientId, messageId }` of a 'queued' or 'scheduled' SMS. */
export const SMS_SEND_QUEUE = 'conversations-sms-send';
/** What the email send job receives: `{ clientId, messageId }` of a 'queued' or 'scheduled' email. */
export const EMAIL_SEND_QUEUE = 'conversations-email-send';
/** A bulk send: `{ clientId, batchId }`, its recipients read from the batch's stored request. */
export const BULK_SEND_QUEUE = 'conversations-bulk-send';

export interface InboundAttachment {
  filename: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
}

export interface RecordInboundInput {
  clientId: string;
  candidateId: string;
  channel: ConversationChannel;
  from: string;
  to: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  /** Twilio's MessageSid, or the email's Message-ID. */
  providerId?: string | null;
  /** A provider's retry of the same message is stored once: the key is unique per client. */
  idempotencyKey?: string | null;
  receivedAt?: Date;
  attachments?: InboundAttachment[];
}

export interface RecordOutboundInput {
  clientId: string;
  candidateId: string;
  channel: ConversationChannel;
  from: string;
  to: string;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  /** 'queued' (to send now) or 'scheduled' (with sendAt); a provider that already sent it may say 'sent'. */
  status?: Extract<ConversationStatus, 'queued' | 'scheduled' | 'sent' | 'failed'>;
  failureReason?: string | null;
  sendAt?: Date | null;
  providerId?: string | null;
  idempotencyKey?: string | null;
  batchId?: string | null;
  templateId?: string | null;
  jobId?: string | null;
  authorUserId?: string | null;
  authorEmail?: string | null;
}

export interface RecordResult {
  thread: ConversationThreadRow;
  message: ConversationMessageRow;
  /** False when the idempotency key was seen before: `message` is the stored one and nothing was written. */
  created: boolean;
}

type DbDeps = { db: DbOrTx } | Pick<Deps, 'db'>;

const preview = (m: { subject?: string | null; bodyText: string }) => (m.bodyText.trim() || m.subject || '').replace(/\s+/g, ' ').slice(0, 160);

/** The candidate's thread, made on first use (one per candidate: a unique key, so racing writers share it). */
export async function threadFor(
  { db }: DbDeps,
  { clientId, candidateId, assignTo }: { clientId: string; candidateId: string; assignTo?: string | null },
): Promise<ConversationThreadRow> {
  const [made] = await db
    .insert(conversationThreads)
    .values({ clientId, candidateId, assignedUserId: assignTo ?? null })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [row] = await db
    .select()
    .from(conversationThreads)
    .where(and(eq(conversationThreads.clientId, clientId), eq(conversationThreads.candidateId, candidateId)));
  if (assignTo && !row.assignedUserId) {
    const [set] = await db
      .update(conversationThreads)
      .set({ assignedUserId: assignTo })
      .where(and(eq(conversationThreads.clientId, clientId), eq(conversationThreads.id, row.id)))
      .returning();
    return set;
  }
  return row;
}

async function byIdempotencyKey(db: DbOrTx, clientId: string, key: string) {
  const [m] = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.clientId, clientId), eq(conversationMessages.idempotencyKey, key)));
  return m;
}

function timelineData(m: ConversationMessageRow) {
  return {
    messageId: m.id,
    threadId: m.threadId,
    channel: m.channel,
    direction: m.direction,
    status: m.status,
    subject: m.subject,
    preview: preview(m),
    failureReason: m.failureReason,
  };
}

/** An inbound email or SMS: stored in the candidate's thread, counted unread, put on the timeline. */
export async function recordInbound(deps: DbDeps, input: RecordInboundInput): Promise<RecordResult> {
  return deps.db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const seen = await byIdempotencyKey(tx, input.clientId, input.idempotencyKey);
      if (seen) return { thread: await threadFor({ db: tx }, { clientId: input.clientId, candidateId: input.candidateId }), message: seen, created: false };
    }
    const thread = await threadFor({ db: tx }, { clientId: input.clientId, candidateId: input.candidateId });
    const at = input.receivedAt ?? new Date();
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        clientId: input.clientId,
        threadId: thread.id,
        candidateId: input.candidateId,
        channel: input.channel,
        direction: 'in',
        fromAddress: input.from,
        toAddress: input.to,
        subject: input.subject ?? null,
        bodyText: input.bodyText,
        bodyHtml: input.bodyHtml ?? null,
        status: 'received',
        providerId: input.providerId ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        sentAt: at,
        createdAt: at,
      })
      .returning();
    if (input.attachments?.length) {
      await tx.insert(conversationAttachments).values(input.attachments.map((a) => ({ clientId: input.clientId, messageId: message.id, ...a })));
    }
    const [updated] = await tx
      .update(conversationThreads)
      .set({
        lastMessageAt: at,
        lastChannel: input.channel,
        lastDirection: 'in',
        lastPreview: preview(input),
        unreadCount: sql`${conversationThreads.unreadCount} + 1`,
      })
      .where(and(eq(conversationThreads.clientId, input.clientId), eq(conversationThreads.id, thread.id)))
      .returning();
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: input.clientId,
        candidateId: input.candidateId,
        actor: null,
        type: 'conversation',
        data: timelineData(message),
      },
    );
    return { thread: updated, message, created: true };
  });
}

/**
 * An outbound email or SMS, written before it is sent ('queued' or 'scheduled'): the send job then
 * moves it on with `updateDelivery`. With an idempotency key seen before, nothing is written and the
 * stored message is returned (`created: false`): the caller must not send it again.
 */
export async function recordOutbound(deps: DbDeps, input: RecordOutboundInput): Promise<RecordResult> {
  return deps.db.transaction(async (tx) => {
    if (input.idempotencyKey) {
      const seen = await byIdempotencyKey(tx, input.clientId, input.idempotencyKey);
      if (seen) return { thread: await threadFor({ db: tx }, { clientId: input.clientId, candidateId: input.candidateId }), message: seen, created: false };
    }
    const thread = await threadFor({ db: tx }, { clientId: input.clientId, candidateId: input.candidateId, assignTo: input.authorUserId });
    const now = new Date();
    const status = input.status ?? (input.sendAt && input.sendAt > now ? 'scheduled' : 'queued');
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        clientId: input.clientId,
        threadId: thread.id,
        candidateId: input.candidateId,
        channel: input.channel,
        direction: 'out',
        fromAddress: input.from,
        toAddress: input.to,
        subject: input.subject ?? null,
        bodyText: input.bodyText,
        bodyHtml: input.bodyHtml ?? null,
        status,
        failureReason: input.failureReason ?? null,
        providerId: input.providerId ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        batchId: input.batchId ?? null,
        templateId: input.templateId ?? null,
        jobId: input.jobId ?? null,
        authorUserId: input.authorUserId ?? null,
        sendAt: input.sendAt ?? null,
        sentAt: status === 'sent' ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!message) {
      // Another writer stored the same key between the check and the insert.
      const seen = await byIdempotencyKey(tx, input.clientId, input.idempotencyKey as string);
      return { thread, message: seen, created: false };
    }
    const at = input.sendAt && status === 'scheduled' ? input.sendAt : now;
    const [updated] = await tx
      .update(conversationThreads)
      .set({ lastMessageAt: at, lastChannel: input.channel, lastDirection: 'out', lastPreview: preview(input) })
      .where(and(eq(conversationThreads.clientId, input.clientId), eq(conversationThreads.id, thread.id)))
      .returning();
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: input.clientId,
        candidateId: input.candidateId,
        actor: input.authorUserId ? { id: input.authorUserId, email: input.authorEmail ?? '' } : null,
        type: 'conversation',
        data: timelineData(message),
      },
    );
    return { thread: updated, message, created: true };
  });
}

export interface UpdateDeliveryInput {
  clientId: string;
  /** Find the message by our id … */
  messageId?: string;
  /** … or by the provider's (Twilio's MessageSid, the email's Message-ID). */
  providerId?: string;
  status: Exclude<ConversationStatus, 'received'>;
  reason?: string | null;
  /** Set the provider id while moving on (the send answered it). */
  setProviderId?: string | null;
  /** When the provider says it happened (defaults to now). */
  at?: Date;
}

/** Delivery states only move forward; a late 'sent' after 'delivered' changes nothing. 'failed' is final. */
const RANK: Record<ConversationStatus, number> = { scheduled: 0, queued: 1, sent: 2, delivered: 3, failed: 4, received: 9 };

/**
 * Moves an outbound message's delivery state (the send job, a provider's status callback, an open):
 * the row and the timeline entry together. Returns the message, or null when no message of the client
 * matches (the caller answers 404 or ignores it). A state that is not ahead of the current one is a no-op.
 */
export async function updateDelivery(deps: DbDeps, input: UpdateDeliveryInput): Promise<ConversationMessageRow | null> {
  if (!input.messageId && !input.providerId) return null;
  return deps.db.transaction(async (tx) => {
    const where = input.messageId
      ? and(eq(conversationMessages.clientId, input.clientId), eq(conversationMessages.id, input.messageId))
      : and(eq(conversationMessages.clientId, input.clientId), eq(conversationMessages.providerId, input.providerId as string));
    const [row] = await tx.select().from(conversationMessages).where(where).for('update').limit(1);
    if (!row) return null;
    if (row.direction !== 'out' || RANK[input.status] <= RANK[row.status]) return row;
    const at = input.at ?? new Date();
    const [updated] = await tx
      .update(conversationMessages)
      .set({
        status: input.status,
        failureReason: input.status === 'failed' ? (input.reason ?? 'Not delivered') : row.failureReason,
        providerId: input.setProviderId ?? row.providerId,
        sentAt: input.status === 'sent' || (input.status === 'delivered' && !row.sentAt) ? (row.sentAt ?? at) : row.sentAt,
        deliveredAt: input.status === 'delivered' ? at : row.deliveredAt,
      })
      .where(and(eq(conversationMessages.clientId, row.clientId), eq(conversationMessages.id, row.id)))
      .returning();
    await tx
      .update(candidateEvents)
      .set({ data: sql`${candidateEvents.data} || ${JSON.stringify({ status: updated.status, failureReason: updated.failureReason })}::jsonb` })
      .where(
        and(
          eq(candidateEvents.clientId, row.clientId),
          eq(candidateEvents.candidateId, row.candidateId),
          eq(candidateEvents.type, 'conversation'),
          sql`${candidateEvents.data}->>'messageId' = ${row.id}`,
        ),
      );
    return updated;
  });
}

/** An email was opened (where known): kept beside the delivery state, which it does not change. */
export async function markOpened(deps: DbDeps, clientId: string, messageId: string): Promise<void> {
  await deps.db
    .update(conversationMessages)
    .set({ openedAt: sql`coalesce(${conversationMessages.openedAt}, now())` })
    .where(and(eq(conversationMessages.clientId, clientId), eq(conversationMessages.id, messageId)));
}
