import { type conversationsSmsRoutes as r, smsMessages } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { queueSms } from './queue-sms.ts';
import { refuseOptedOut, requireE164 } from './recipient-checks.ts';
import { SMS_SENDERS } from './rights.ts';
import { requireSmsSettings } from './sms-settings.ts';

/**
 * POST /api/conversations/sms/send: one text to one candidate, through the queue. Refused before
 * anything is stored: no Twilio settings (400), a candidate without a valid mobile number (400
 * naming it), a number that opted out (409 in words). The message is written 'queued' in the
 * candidate's thread under its idempotency key (the same key again sends nothing more) and its
 * send job enqueued; quiet hours hold it until morning (`heldUntil`).
 */
export const sendSms: Operation<typeof r.send, 'db' | 'config' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_SENDERS, 'sms');
  if (!input.body.trim()) throw badRequest('body', messages.conversations.bodyEmpty);
  const settings = await requireSmsSettings(deps.db, deps.config, client.id);
  const [candidate] = await candidatesOf(deps.db, client.id, [input.candidateId]);
  if (!candidate) throw notFound('candidateId', messages.conversations.candidateNotFound);
  if (!candidate.phone?.trim()) throw badRequest('candidateId', messages.conversations.noPhone(nameOf(candidate)));
  const to = requireE164(candidate.phone, 'candidateId');
  await refuseOptedOut(deps.db, client.id, to, 'candidateId');
  const queued = await queueSms(deps, settings, {
    candidateId: candidate.id,
    to,
    body: input.body,
    idempotencyKey: input.idempotencyKey ?? randomUUID(),
    author: { id: input.actor.id, email: input.actor.email },
  });
  const { created: _created, ...send } = queued;
  return { message: smsMessages.queued(1), send };
};

export type CandidateContact = { id: string; firstName: string; lastName: string; phone: string | null };
export const nameOf = (c: CandidateContact) => `${c.firstName} ${c.lastName}`.trim() || 'This candidate';

export async function candidatesOf(db: DbOrTx, clientId: string, ids: string[]): Promise<CandidateContact[]> {
  if (!ids.length) return [];
  return db
    .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, phone: candidates.phone })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), inArray(candidates.id, ids)));
}
