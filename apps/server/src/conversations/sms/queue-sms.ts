import { countSmsSegments } from '@hh/contract/conversations-sms';
import type { Deps } from '../../core/deps.ts';
import { recordOutbound, SMS_SEND_QUEUE } from '../index.ts';
import { quietHoursHold } from './quiet-hours.ts';
import type { LoadedSmsSettings } from './sms-settings.ts';

/** Writes the 'queued' message in the thread and enqueues its send (once per idempotency key). */
export async function queueSms(
  deps: Pick<Deps, 'db' | 'queue'>,
  settings: LoadedSmsSettings,
  m: { candidateId: string; to: string; body: string; idempotencyKey: string; batchId?: string; author: { id: string; email: string } },
  /** Enqueue its send job now (one text), or leave it to the caller (a bulk send enqueues chunks). */
  enqueue = true,
) {
  const clientId = settings.row.clientId;
  const { message, created } = await recordOutbound(deps, {
    clientId,
    candidateId: m.candidateId,
    channel: 'sms',
    from: settings.row.fromNumber ?? settings.row.messagingServiceSid ?? '',
    to: m.to,
    bodyText: m.body,
    idempotencyKey: m.idempotencyKey,
    batchId: m.batchId ?? null,
    authorUserId: m.author.id,
    authorEmail: m.author.email,
  });
  if (created && enqueue) await deps.queue.send(SMS_SEND_QUEUE, { clientId, messageId: message.id });
  const held = settings.row.quietHoursOn ? quietHoursHold(new Date(), settings.timeZone, settings.row.quietStartMinute, settings.row.quietEndMinute) : null;
  return {
    messageId: message.id,
    candidateId: m.candidateId,
    to: message.toAddress,
    status: message.status,
    segments: Math.max(1, countSmsSegments(message.bodyText).segments),
    heldUntil: held && message.status === 'queued' ? held.toISOString() : null,
    created,
  };
}
