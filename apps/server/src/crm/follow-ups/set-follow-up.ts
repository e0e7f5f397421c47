import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { candidateFollowUps } from '../../db/schema/candidates.ts';
import { badRequest } from '../../lib/app-error.ts';
import { recordCandidateEvent } from '../events.ts';
import { loadCandidateRow } from '../get-candidate.ts';
import { CANDIDATE_READERS } from '../rights.ts';
import { FOLLOW_UP_QUEUE, followUpStartAfter } from './send-follow-up.ts';

/** YYYY-MM-DD as MM/DD/YYYY (001 §9: "The reminder date is shown as MM/DD/YYYY"). */
export const mmddyyyy = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;

/**
 * `POST api/candidates/follow-up`: flags the candidate and schedules a reminder email to the
 * recruiter on the date, through pg-boss (kept in PostgreSQL, so it survives a restart).
 * A date-time is taken as its UTC calendar date; dates before yesterday (UTC) are refused.
 */
export const setFollowUp: Operation<typeof r.setFollowUp, 'db' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const opts = { ...input, clientId: client.id };
  const ymd = opts.reminderDate.length === 10 ? opts.reminderDate : new Date(opts.reminderDate).toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (ymd < yesterday) throw badRequest('reminderDate', messages.crm.reminderDatePast);
  await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(candidateFollowUps)
      .values({
        clientId: opts.clientId,
        candidateId: opts.candidateId,
        userId: opts.actor.id,
        userEmail: opts.actor.email,
        reminderDate: ymd,
        note: opts.note ?? null,
      })
      .returning();
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: opts.clientId,
        candidateId: opts.candidateId,
        actor: opts.actor,
        type: 'follow-up',
        data: { reminderDate: ymd, note: opts.note ?? null },
      },
    );
    return r;
  });
  await deps.queue.send(FOLLOW_UP_QUEUE, { clientId: opts.clientId, followUpId: row.id }, { startAfter: followUpStartAfter(ymd), retryLimit: 5 });
  return { message: messages.recruiting.followUp(mmddyyyy(ymd)), _id: row.id, reminderDate: ymd };
};
