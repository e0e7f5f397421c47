import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { conversationThreads } from '../db/schema/conversations.ts';
import { notFound } from '../lib/app-error.ts';
import { candidateColumns } from './serialize.ts';

/** A thread of the client with its candidate; another client's thread is not found. */
export async function loadThread(db: DbOrTx, clientId: string, threadId: string) {
  const [row] = await db
    .select({ t: conversationThreads, c: candidateColumns })
    .from(conversationThreads)
    .innerJoin(candidates, and(eq(candidates.clientId, conversationThreads.clientId), eq(candidates.id, conversationThreads.candidateId)))
    .where(and(eq(conversationThreads.clientId, clientId), eq(conversationThreads.id, threadId)));
  if (!row) throw notFound('threadId', messages.conversations.threadNotFound);
  return row;
}
