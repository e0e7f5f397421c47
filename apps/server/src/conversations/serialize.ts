import type { ConversationMessage, ConversationThread } from '@hh/contract/conversations';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import {
  type ConversationAttachmentRow,
  type ConversationMessageRow,
  type ConversationThreadRow,
  conversationAttachments,
  conversationMessages,
} from '../db/schema/conversations.ts';
import { users } from '../db/schema/core.ts';

type CandidateBits = Pick<typeof candidates.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'status'>;

export const candidateColumns = {
  id: candidates.id,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  email: candidates.email,
  phone: candidates.phone,
  status: candidates.status,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function serializeThread(t: ConversationThreadRow, c: CandidateBits): ConversationThread {
  return {
    _id: t.id,
    clientId: t.clientId,
    candidate: { _id: c.id, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, status: c.status },
    assignedUserId: t.assignedUserId,
    lastMessageAt: iso(t.lastMessageAt),
    lastChannel: t.lastChannel,
    lastDirection: t.lastDirection,
    lastPreview: t.lastPreview,
    unreadCount: t.unreadCount,
    createdAt: t.createdAt.toISOString(),
  };
}

export interface FullMessage {
  m: ConversationMessageRow;
  authorName: string | null;
  attachments: ConversationAttachmentRow[];
}

export function serializeMessage(x: FullMessage): ConversationMessage {
  const m = x.m;
  return {
    _id: m.id,
    threadId: m.threadId,
    candidateId: m.candidateId,
    channel: m.channel,
    direction: m.direction,
    from: m.fromAddress,
    to: m.toAddress,
    subject: m.subject,
    bodyText: m.bodyText,
    bodyHtml: m.bodyHtml,
    status: m.status,
    failureReason: m.failureReason,
    jobId: m.jobId,
    authorUserId: m.authorUserId,
    authorName: x.authorName,
    sendAt: iso(m.sendAt),
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    openedAt: iso(m.openedAt),
    createdAt: m.createdAt.toISOString(),
    attachments: x.attachments.map((a) => ({ _id: a.id, filename: a.filename, contentType: a.contentType, sizeBytes: a.sizeBytes })),
  };
}

/** Messages with their authors' names and attachments: of a thread (oldest first), or these ids. */
export async function loadMessages(db: DbOrTx, clientId: string, ids: string[] | null, threadId?: string): Promise<FullMessage[]> {
  const where = ids
    ? and(eq(conversationMessages.clientId, clientId), inArray(conversationMessages.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000']))
    : and(eq(conversationMessages.clientId, clientId), eq(conversationMessages.threadId, threadId as string));
  const rows = await db.select().from(conversationMessages).where(where).orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  if (!rows.length) return [];
  const authorIds = [...new Set(rows.map((r) => r.authorUserId).filter((x): x is string => !!x))];
  const authors = authorIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, authorIds))
    : [];
  const names = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim() || a.email]));
  const files = await db
    .select()
    .from(conversationAttachments)
    .where(
      and(
        eq(conversationAttachments.clientId, clientId),
        inArray(
          conversationAttachments.messageId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return rows.map((m) => ({
    m,
    authorName: m.authorUserId ? (names.get(m.authorUserId) ?? null) : null,
    attachments: files.filter((f) => f.messageId === m.id),
  }));
}
