import { smsMessages } from '@hh/contract/conversations-sms';
import { countSmsSegments } from '@hh/contract/conversations-sms';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../core/deps.ts';
import { conversationMessages } from '../../db/schema/conversations.ts';
import { type SmsSendRow, smsOptOuts, smsRateWindows, smsSends } from '../../db/schema/sms.ts';
import { SMS_SEND_QUEUE, updateDelivery } from '../index.ts';
import { queueSms } from './queue-sms.ts';
import { quietHoursHold } from './quiet-hours.ts';
import { type LoadedSmsSettings, loadSmsSettings, twilioBase, webhookUrls } from './sms-settings.ts';
import { isPermanentTwilioError, twilioErrorText, twilioRest } from './twilio-client.ts';

/**
 * The SMS send job's work for one message (`{ clientId, messageId }` on SMS_SEND_QUEUE):
 *  1. the message must still be an outbound SMS waiting to go ('queued' or 'scheduled');
 *  2. its send record (`sms_sends`, keyed by the message's idempotency key) says whether it went;
 *  3. an opted-out number is refused, quiet hours and the client's rate limit put the job off;
 *  4. the record is marked 'sending' in a transaction before Twilio is called, and 'sent' with
 *     Twilio's id after; a record found 'sending' (a worker died between the two) is looked up at
 *     Twilio (same number, sender and text since it was marked) before anything is sent again.
 * Twilio's permanent refusals fail the message with Twilio's words; other errors are thrown, so the
 * queue retries them (the record stays 'sending' and the retry looks it up first).
 */
export interface DeliverResult {
  outcome: 'sent' | 'already' | 'held' | 'deferred' | 'refused' | 'failed' | 'gone';
  providerSid?: string | null;
}

/** How long a 'sending' mark is taken to mean another worker is still on it, rather than one that died. */
export const SENDING_LEASE_MS = 60_000;

export async function deliverSms(
  deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log'>,
  job: { clientId: string; messageId: string },
  now = new Date(),
  /** The client's settings when the caller has them already (a chunk reads them once). */
  loaded?: LoadedSmsSettings | null,
): Promise<DeliverResult> {
  const [message] = await deps.db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.clientId, job.clientId), eq(conversationMessages.id, job.messageId)))
    .limit(1);
  if (message?.channel !== 'sms' || message.direction !== 'out') return { outcome: 'gone' };
  if (message.status !== 'queued' && message.status !== 'scheduled') return { outcome: 'already', providerSid: message.providerId };
  if (message.sendAt && message.sendAt > now) {
    await deps.queue.send(SMS_SEND_QUEUE, job, { startAfter: message.sendAt });
    return { outcome: 'deferred' };
  }
  const key = message.idempotencyKey ?? `message:${message.id}`;
  await deps.db
    .insert(smsSends)
    .values({
      clientId: job.clientId,
      idempotencyKey: key,
      messageId: message.id,
      toNumber: message.toAddress,
      body: message.bodyText,
      segments: Math.max(1, countSmsSegments(message.bodyText).segments),
    })
    .onConflictDoNothing();
  const [record] = await deps.db
    .select()
    .from(smsSends)
    .where(and(eq(smsSends.clientId, job.clientId), eq(smsSends.idempotencyKey, key)))
    .limit(1);
  if (record.providerSid) {
    // Sent before (the worker stopped before the message row moved on): only the row is brought up to date.
    await updateDelivery(deps, { clientId: job.clientId, messageId: message.id, status: 'sent', setProviderId: record.providerSid });
    return { outcome: 'already', providerSid: record.providerSid };
  }

  const settings = loaded ?? (await loadSmsSettings(deps.db, deps.config, job.clientId));
  if (!settings) return fail(deps, record, message.id, smsMessages.notConfigured);

  const [optOut] = await deps.db
    .select()
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.clientId, job.clientId), eq(smsOptOuts.phone, record.toNumber)))
    .limit(1);
  if (optOut) return fail(deps, record, message.id, smsMessages.optedOut(record.toNumber), 'refused');

  if (settings.row.quietHoursOn) {
    const until = quietHoursHold(now, settings.timeZone, settings.row.quietStartMinute, settings.row.quietEndMinute);
    if (until) {
      await setRecord(deps, record, { status: 'held', sendAfter: until });
      await deps.queue.send(SMS_SEND_QUEUE, job, { startAfter: until });
      return { outcome: 'held' };
    }
  }

  // A 'sending' mark younger than the lease belongs to a live worker: try again later rather than race it.
  if (record.status === 'sending' && record.sendingSince && now.getTime() - record.sendingSince.getTime() < SENDING_LEASE_MS) {
    throw new Error(`SMS ${record.id} is being sent by another worker`);
  }

  const client = twilioRest(settings.creds, twilioBase(deps.config));
  const from = senderOf(settings);
  if (record.status === 'sending') {
    const found = await findSentAtTwilio(client, record, from);
    if (found) return markSent(deps, record, message.id, found);
  }

  const wait = await takeRateSlot(deps, job.clientId, settings.row.ratePerMinute, now);
  if (wait) {
    await setRecord(deps, record, { status: 'held', sendAfter: wait });
    await deps.queue.send(SMS_SEND_QUEUE, job, { startAfter: wait });
    return { outcome: 'deferred' };
  }

  // Mark before calling: whatever happens next, a later run knows Twilio may have it.
  const marked = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsSends)
      .where(and(eq(smsSends.clientId, record.clientId), eq(smsSends.id, record.id)))
      .for('update');
    if (row.providerSid || (row.status === 'sending' && row.sendingSince && row.sendingSince.getTime() !== record.sendingSince?.getTime())) return null;
    const [set] = await tx
      .update(smsSends)
      .set({ status: 'sending', sendingSince: new Date(), attempts: sql`${smsSends.attempts} + 1`, updatedAt: new Date() })
      .where(and(eq(smsSends.clientId, record.clientId), eq(smsSends.id, record.id)))
      .returning();
    return set;
  });
  if (!marked) return { outcome: 'already' };

  try {
    const sent = await client.messages.create({
      to: record.toNumber,
      body: record.body,
      ...(from.messagingServiceSid ? { messagingServiceSid: from.messagingServiceSid } : { from: from.from as string }),
      statusCallback: webhookUrls(deps.config.publicUrl, job.clientId).statusCallbackUrl,
    });
    return markSent(deps, marked, message.id, sent.sid);
  } catch (err) {
    if (isPermanentTwilioError(err)) {
      const e = twilioErrorText(err);
      return fail(deps, marked, message.id, `Twilio refused the message (error ${e.code ?? e.status}): ${e.message}`, 'failed', String(e.code ?? ''));
    }
    deps.log.warn({ err: twilioErrorText(err), sms: marked.id }, 'sms: Twilio did not answer; the queue retries');
    throw err;
  }
}

/** How many messages of a bulk send one job carries (the queue takes one job per poll; a chunk keeps a bulk send fast). */
export const SMS_CHUNK = 25;

/**
 * One job of the queue: a single message (its errors thrown, so the queue retries it) or a bulk
 * send's chunk, where a message that fails for a passing reason gets a job of its own (with the
 * queue's retries) instead of holding up the others.
 */
export interface SmsJob {
  clientId: string;
  messageId?: string;
  messageIds?: string[];
  /** A bulk send's chunk: the messages to write (each keyed `<idempotencyKey>:<candidateId>`) and send. */
  write?: {
    batchId: string;
    body: string;
    idempotencyKey: string;
    authorId: string;
    authorEmail: string;
    recipients: Array<{ candidateId: string; to: string }>;
  };
}

export async function deliverSmsChunk(deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log'>, job: SmsJob): Promise<void> {
  if (job.messageId) {
    await deliverSms(deps, { clientId: job.clientId, messageId: job.messageId });
    return;
  }
  const ids = [...(job.messageIds ?? [])];
  const settings = await loadSmsSettings(deps.db, deps.config, job.clientId);
  if (job.write) {
    if (!settings) return deps.log.warn({ clientId: job.clientId }, 'sms: a bulk send for a client without Twilio settings was dropped');
    const w = job.write;
    for (const r of w.recipients) {
      const q = await queueSms(
        deps,
        settings,
        {
          candidateId: r.candidateId,
          to: r.to,
          body: w.body,
          idempotencyKey: `${w.idempotencyKey}:${r.candidateId}`,
          batchId: w.batchId,
          author: { id: w.authorId, email: w.authorEmail },
        },
        false,
      );
      ids.push(q.messageId);
    }
  }
  for (const messageId of ids) {
    try {
      await deliverSms(deps, { clientId: job.clientId, messageId }, new Date(), settings);
    } catch (err) {
      deps.log.warn({ err: twilioErrorText(err), messageId }, 'sms: one message of a chunk failed; retried on its own');
      await deps.queue.send(SMS_SEND_QUEUE, { clientId: job.clientId, messageId }, { startAfter: 30 });
    }
  }
}

function senderOf(s: LoadedSmsSettings): { from: string | null; messagingServiceSid: string | null } {
  return { from: s.row.fromNumber, messagingServiceSid: s.row.messagingServiceSid };
}

/** A message marked 'sending' by a worker that stopped: Twilio's list of messages to that number since then, same text. */
async function findSentAtTwilio(client: ReturnType<typeof twilioRest>, record: SmsSendRow, from: { from: string | null }): Promise<string | null> {
  const since = new Date((record.sendingSince ?? record.createdAt).getTime() - 60_000);
  const list = await client.messages.list({ to: record.toNumber, ...(from.from ? { from: from.from } : {}), dateSentAfter: since, limit: 50 });
  return list.find((m) => m.body === record.body)?.sid ?? null;
}

async function markSent(deps: Pick<Deps, 'db'>, record: SmsSendRow, messageId: string, sid: string): Promise<DeliverResult> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(smsSends)
      .set({ status: 'sent', providerSid: sid, sendAfter: null, updatedAt: new Date() })
      .where(and(eq(smsSends.clientId, record.clientId), eq(smsSends.id, record.id)));
    await updateDelivery({ db: tx }, { clientId: record.clientId, messageId, status: 'sent', setProviderId: sid });
  });
  return { outcome: 'sent', providerSid: sid };
}

async function fail(
  deps: Pick<Deps, 'db'>,
  record: SmsSendRow,
  messageId: string,
  reason: string,
  status: 'failed' | 'refused' = 'failed',
  code: string | null = null,
): Promise<DeliverResult> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(smsSends)
      .set({ status, errorText: reason, errorCode: code, updatedAt: new Date() })
      .where(and(eq(smsSends.clientId, record.clientId), eq(smsSends.id, record.id)));
    await updateDelivery({ db: tx }, { clientId: record.clientId, messageId, status: 'failed', reason });
  });
  return { outcome: status === 'refused' ? 'refused' : 'failed' };
}

async function setRecord(deps: Pick<Deps, 'db'>, record: SmsSendRow, values: Partial<Pick<SmsSendRow, 'status' | 'sendAfter'>>) {
  await deps.db
    .update(smsSends)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(smsSends.clientId, record.clientId), eq(smsSends.id, record.id)));
}

/**
 * The client's rate limit, counted per minute in PostgreSQL (so it holds across processes): takes a
 * slot of this minute, or returns the start of the next minute when this one is full.
 */
async function takeRateSlot(deps: Pick<Deps, 'db'>, clientId: string, perMinute: number, now: Date): Promise<Date | null> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const [row] = await deps.db
    .insert(smsRateWindows)
    .values({ clientId, minute, sent: 1 })
    .onConflictDoUpdate({
      target: [smsRateWindows.clientId, smsRateWindows.minute],
      set: { sent: sql`${smsRateWindows.sent} + 1` },
      setWhere: sql`${smsRateWindows.sent} < ${perMinute}`,
    })
    .returning({ sent: smsRateWindows.sent });
  if (row?.sent === 1) {
    // A new minute for this client: forget its windows of more than an hour ago.
    await deps.db
      .delete(smsRateWindows)
      .where(and(eq(smsRateWindows.clientId, clientId), sql`${smsRateWindows.minute} < ${new Date(minute.getTime() - 3_600_000)}`));
  }
  if (row) return null;
  return new Date(minute.getTime() + 60_000);
}
