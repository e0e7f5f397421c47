import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { users } from '../db/schema/core.ts';
import { badRequest } from '../lib/app-error.ts';
import { loadThread } from './load-thread.ts';
import { CONVERSATION_USERS } from './rights.ts';
import { serializeThread } from './serialize.ts';

/**
 * POST /api/conversations/{threadId}/assign: whose thread it is ("mine"); null leaves it unassigned.
 * The assignee is the client's staff, or an admin or recruiter who manages the client.
 */
export const assignConversation: Operation<typeof r.assign, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const { t, c } = await loadThread(deps.db, client.id, input.threadId);
  if (input.userId) {
    const [u] = await deps.db.select().from(users).where(eq(users.id, input.userId));
    const manages = u && (u.userTypeGlobal === 'admin' || client.createdBy === u.id || (client.accountManagers ?? []).includes(u.id));
    if (!u || (u.clientId !== client.id && !manages)) throw badRequest('userId', messages.conversations.assigneeNotMember);
  }
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(conversationThreads)
      .set({ assignedUserId: input.userId })
      .where(and(eq(conversationThreads.clientId, client.id), eq(conversationThreads.id, t.id)))
      .returning();
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'update',
      entity: 'conversation',
      entityId: t.id,
      changes: { assignedUserId: input.userId },
    });
    return { message: messages.conversations.assigned, thread: serializeThread(updated, c) };
  });
};
