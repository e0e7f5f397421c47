import { messages } from '@hh/contract/messages';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { loadCandidateClient } from './access.ts';
import { listCandidateEvents, recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';

/** The candidate's timeline, newest first (who, what, when). */
export async function candidateTimeline(db: Db, actor: Actor, clientId: string, candidateId: string) {
  await loadCandidateClient(db, actor, clientId);
  await loadCandidateRow(db, clientId, candidateId);
  const rows = await listCandidateEvents(db, clientId, candidateId);
  return {
    results: rows.map((r) => ({ _id: r.id, type: r.type, actorEmail: r.actorEmail, data: r.data, createdAt: r.createdAt.toISOString() })),
    totalCount: rows.length,
  };
}

export async function addNote(db: Db, actor: Actor, input: { clientId: string; candidateId: string; note: string }) {
  await loadCandidateClient(db, actor, input.clientId);
  await loadCandidateRow(db, input.clientId, input.candidateId);
  await recordCandidateEvent(db, { clientId: input.clientId, candidateId: input.candidateId, actor, type: 'note', data: { note: input.note } });
  return { message: messages.crm.noteAdded };
}
