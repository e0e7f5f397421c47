import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { listCandidateEvents, recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';
import { CANDIDATE_READERS } from './rights.ts';

/** `GET api/crm/candidate/{id}/timeline`: the candidate's timeline, newest first (who, what, when). */
export const getTimeline: Operation<typeof r.getTimeline, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  await loadCandidateRow(deps.db, client.id, input.id);
  const rows = await listCandidateEvents(deps.db, client.id, input.id);
  return {
    results: rows.map((r) => ({ _id: r.id, type: r.type, actorEmail: r.actorEmail, data: r.data, createdAt: r.createdAt.toISOString() })),
    totalCount: rows.length,
  };
};

/** `POST api/crm/candidates/notes`: a note on the candidate's timeline. */
export const addNote: Operation<typeof r.addNote, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  await loadCandidateRow(deps.db, client.id, input.candidateId);
  await recordCandidateEvent(
    { db: deps.db },
    { clientId: client.id, candidateId: input.candidateId, actor: input.actor, type: 'note', data: { note: input.note } },
  );
  return { message: messages.crm.noteAdded };
};
