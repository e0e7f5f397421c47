import type { DbDeps } from '../core/deps.ts';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidateEvents } from '../db/schema/candidates.ts';

/** Timeline entry types (every change is in the candidate's timeline, so a recruiter sees who did what and when). */
export type CandidateEventType =
  | 'created'
  | 'applied'
  | 'updated'
  | 'status'
  /** An application moved, rejected, withdrawn or reopened (pipeline/move.ts); `data` names the job and the stages. */
  | 'stage'
  | 'tags'
  | 'note'
  | 'email'
  | 'follow-up'
  | 'follow-up-sent'
  | 'referral'
  | 'forward'
  | 'alert'
  | 'list'
  | 'merged'
  | 'unmerged'
  | 'viewed'
  | 'exported'
  | 'campaign'
  | 'unsubscribed'
  | 'erased'
  | 'anonymised'
  /** An email or SMS in the candidate's conversation (conversations/store.ts); `data.status` follows its delivery. */
  | 'conversation';

/** Writes one timeline entry; call it in the transaction of the change it records. */
export async function recordCandidateEvent(
  { db }: DbDeps,
  opts: { clientId: string; candidateId: string; actor: Pick<Actor, 'id' | 'email'> | null; type: CandidateEventType; data?: Record<string, unknown> },
) {
  await db.insert(candidateEvents).values({
    clientId: opts.clientId,
    candidateId: opts.candidateId,
    actorId: opts.actor?.id ?? null,
    actorEmail: opts.actor?.email ?? null,
    type: opts.type,
    data: opts.data ?? {},
  });
}

export async function listCandidateEvents(db: DbOrTx, clientId: string, candidateId: string, limit = 200) {
  return db
    .select()
    .from(candidateEvents)
    .where(and(eq(candidateEvents.clientId, clientId), eq(candidateEvents.candidateId, candidateId)))
    .orderBy(desc(candidateEvents.createdAt))
    .limit(limit);
}
