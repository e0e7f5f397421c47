import type { conversationsRoutes as r } from '@hh/contract/conversations';
import { and, desc, eq, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { candidates } from '../db/schema/candidates.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { CONVERSATION_USERS } from './rights.ts';
import { candidateColumns, serializeThread } from './serialize.ts';

/** GET /api/conversations: the client's threads, newest message first; filters mine, unread, job, channel, candidate. */
export const listConversations: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CONVERSATION_USERS, 'conversations');
  const t = conversationThreads;
  const conds: (SQL | undefined)[] = [eq(t.clientId, client.id), isNotNull(t.lastMessageAt)];
  if (input.mine) conds.push(eq(t.assignedUserId, input.actor.id));
  if (input.unread) conds.push(gt(t.unreadCount, 0));
  if (input.candidateId) conds.push(eq(t.candidateId, input.candidateId));
  if (input.channel)
    conds.push(
      sql`EXISTS (SELECT 1 FROM conversation_messages m WHERE m.client_id = ${t.clientId} AND m.thread_id = ${t.id} AND m.channel = ${input.channel})`,
    );
  if (input.jobId)
    conds.push(
      sql`(EXISTS (SELECT 1 FROM applications a WHERE a.client_id = ${t.clientId} AND a.candidate_id = ${t.candidateId} AND a.job_id = ${input.jobId})
        OR EXISTS (SELECT 1 FROM conversation_messages m WHERE m.client_id = ${t.clientId} AND m.thread_id = ${t.id} AND m.job_id = ${input.jobId}))`,
    );
  const where = and(...conds);
  const [{ n }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(t).where(where);
  const rows = await deps.db
    .select({ t, c: candidateColumns })
    .from(t)
    .innerJoin(candidates, and(eq(candidates.clientId, t.clientId), eq(candidates.id, t.candidateId)))
    .where(where)
    .orderBy(desc(t.lastMessageAt), desc(t.id))
    .limit(input.pageSize)
    .offset((input.pageNumber - 1) * input.pageSize);
  return { results: rows.map((x) => serializeThread(x.t, x.c)), totalCount: n };
};
