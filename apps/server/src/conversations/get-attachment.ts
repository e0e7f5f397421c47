import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { conversationAttachments } from '../db/schema/conversations.ts';
import { notFound } from '../lib/app-error.ts';
import { CONVERSATION_USERS } from './rights.ts';

/** A download name without quotes, slashes or control characters (the header stays one line). */
const headerName = (name: string) => name.replace(/[^\w. ()-]/g, '_').slice(0, 200) || 'attachment';

/**
 * GET /api/conversations/attachments/{attachmentId}: an inbound email's attachment, to the client's
 * conversation users only (found by the client and the id: another client's is a 404). It is personal
 * data, stored like a resume: never cached, never sniffed, always a download (never shown inline, so a
 * file cannot run as a page of the portal). The type is the one read from the bytes when it was received.
 */
export const getAttachment: Operation<typeof r.attachment, 'db' | 'storage'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const [a] = await deps.db
    .select()
    .from(conversationAttachments)
    .where(and(eq(conversationAttachments.clientId, client.id), eq(conversationAttachments.id, input.attachmentId)))
    .limit(1);
  const stat = a ? await deps.storage.stat(a.storageKey) : null;
  if (!a || !stat) throw notFound('attachmentId', messages.conversations.attachmentNotFound);
  const name = headerName(a.filename);
  return answer({
    headers: {
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(a.filename)}`,
      'Content-Length': String(stat.size),
    },
    type: a.contentType,
    body: deps.storage.read(a.storageKey),
  });
};
