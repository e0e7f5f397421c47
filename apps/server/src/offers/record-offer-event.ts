import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidateEvents } from '../db/schema/candidates.ts';
import type { OfferRow } from './load-offer.ts';

export type OfferEvent = 'created' | 'updated' | 'approved' | 'sent' | 'accepted' | 'declined';

/**
 * Every step of an offer on the candidate's timeline (candidate_events, type "offer", the step in
 * `data.action`) and in the activity log, written in the transaction of the change. The candidate's
 * own answer has no actor: the timeline names the candidate instead.
 */
export async function recordOfferEvent(tx: DbOrTx, opts: { actor: Actor | null; offer: OfferRow; action: OfferEvent; data?: Record<string, unknown> }) {
  const { offer, actor } = opts;
  const data = { action: opts.action, offerId: offer.id, applicationId: offer.applicationId, jobId: offer.jobId, ...opts.data };
  await tx.insert(candidateEvents).values({
    clientId: offer.clientId,
    candidateId: offer.candidateId,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    type: 'offer',
    data,
  });
  await logActivity(tx, { actor, clientId: offer.clientId, action: `offer-${opts.action}`, entity: 'offer', entityId: offer.id, changes: data });
}
