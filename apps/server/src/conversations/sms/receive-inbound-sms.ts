import { type conversationsSmsRoutes as r, E164, smsKeyword, smsMessages } from '@hh/contract/conversations-sms';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { answer, type Operation } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { smsOptOuts } from '../../db/schema/sms.ts';
import { badRequest, forbidden } from '../../lib/app-error.ts';
import { recordInbound } from '../index.ts';
import { isClientsNumber, rememberWebhook, twiml, verifyTwilioWebhook } from './webhook-checks.ts';

/**
 * POST /api/conversations/sms/webhooks/:clientId/inbound: Twilio's "a message comes in". Verified
 * (webhook-checks.ts), then in one transaction: remembered by MessageSid (a replay is refused),
 * STOP/START/HELP and their carrier synonyms applied to the client's opt-out list, the sender found
 * among the client's candidates by phone (or made a candidate with source "SMS"), and the text stored
 * in the candidate's thread as unread. Answers TwiML: the keyword's reply, or nothing.
 */
export const receiveInboundSms: Operation<typeof r.inboundWebhook, 'db' | 'config'> = async (deps, input) => {
  const { settings, params } = await verifyTwilioWebhook(deps, input.clientId, input.caller);
  const clientId = settings.row.clientId;
  const sid = params.MessageSid ?? params.SmsSid;
  const from = params.From ?? '';
  if (!sid) throw badRequest('MessageSid', 'The webhook carries no MessageSid');
  if (!isClientsNumber(settings, params)) throw forbidden('sms', smsMessages.notThisClientsNumber(params.To || params.MessagingServiceSid || '(none)'));
  if (!E164.test(from)) throw badRequest('From', smsMessages.invalidNumber(from));
  const body = params.Body ?? '';
  const keyword = smsKeyword(body);

  await deps.db.transaction(async (tx) => {
    await rememberWebhook(tx, clientId, 'inbound', sid);
    if (keyword === 'stop')
      await tx
        .insert(smsOptOuts)
        .values({ clientId, phone: from, keyword: body.trim().toUpperCase().slice(0, 20) })
        .onConflictDoNothing();
    if (keyword === 'start') await tx.delete(smsOptOuts).where(and(eq(smsOptOuts.clientId, clientId), eq(smsOptOuts.phone, from)));
    const candidateId = await candidateByPhone(tx, clientId, from);
    const media = Number(params.NumMedia ?? 0);
    const text = media > 0 ? `${body}${body ? '\n' : ''}[${media} picture${media === 1 ? '' : 's'} sent by MMS, not kept]` : body;
    await recordInbound(
      { db: tx },
      { clientId, candidateId, channel: 'sms', from, to: params.To ?? '', bodyText: text, providerId: sid, idempotencyKey: `sms-in:${sid}` },
    );
  });

  const reply =
    keyword === 'stop'
      ? smsMessages.stopReply
      : keyword === 'start'
        ? smsMessages.startReply
        : keyword === 'help'
          ? smsMessages.helpReply(settings.clientName)
          : undefined;
  return answer({ type: 'text/xml; charset=utf-8', body: twiml(reply) });
};

/**
 * The candidate texting from this number: the most recently active one of the client whose stored
 * phone has the same digits (typed with or without +, spaces or dashes; a US number also without its
 * leading 1). None: a new candidate with source "SMS", named by the number until a recruiter edits it.
 */
async function candidateByPhone(tx: DbOrTx, clientId: string, phone: string): Promise<string> {
  const digits = phone.replace(/\D/g, '');
  const national = phone.startsWith('+1') && digits.length === 11 ? digits.slice(1) : digits;
  const stored = sql`regexp_replace(coalesce(${candidates.phone}, ''), '[^0-9]', '', 'g')`;
  const [found] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), isNull(candidates.mergedInto), isNull(candidates.anonymizedAt), sql`${stored} IN (${digits}, ${national})`))
    .orderBy(desc(candidates.lastActivityAt))
    .limit(1);
  if (found) return found.id;
  // Candidates need an address; a number-only sender gets a reserved one (.invalid never receives mail).
  const [made] = await tx
    .insert(candidates)
    .values({ clientId, firstName: 'SMS', lastName: phone, email: `sms-${digits}@sms.invalid`, phone, source: 'SMS' })
    .onConflictDoNothing()
    .returning({ id: candidates.id });
  if (made) return made.id;
  const [again] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), sql`lower(${candidates.email}) = ${`sms-${digits}@sms.invalid`}`))
    .limit(1);
  return again.id;
}
