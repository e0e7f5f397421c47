import type { conversationsSmsRoutes as r } from '@hh/contract/conversations-sms';
import { and, eq, inArray } from 'drizzle-orm';
import { answer, type Operation } from '../../core/operation.ts';
import { type SmsSendStatus, smsSends } from '../../db/schema/sms.ts';
import { badRequest } from '../../lib/app-error.ts';
import { updateDelivery } from '../index.ts';
import { rememberWebhook, twiml, verifyTwilioWebhook } from './webhook-checks.ts';

/** Twilio's message states, as the delivery state of the thread shows them (the ones in between change nothing). */
const DELIVERY: Record<string, { send: SmsSendStatus; message: 'sent' | 'delivered' | 'failed' } | undefined> = {
  sent: { send: 'sent', message: 'sent' },
  delivered: { send: 'delivered', message: 'delivered' },
  read: { send: 'delivered', message: 'delivered' },
  undelivered: { send: 'undelivered', message: 'failed' },
  failed: { send: 'failed', message: 'failed' },
};

/** Words for the error codes carriers report most (Twilio's own wording); others are named by their code. */
const ERROR_WORDS: Record<string, string> = {
  '30003': 'the handset is unreachable (switched off or out of coverage)',
  '30004': 'the message was blocked by the recipient or their carrier',
  '30005': 'the number does not exist or is no longer in service',
  '30006': 'the number is a landline or cannot receive texts',
  '30007': 'the carrier filtered the message as spam',
  '30008': 'the carrier gave no reason',
  '21610': 'the recipient has opted out (replied STOP)',
};
export const deliveryFailureText = (code: string | undefined) =>
  code ? `Not delivered: ${ERROR_WORDS[code] ?? 'the carrier refused it'} (Twilio error ${code})` : 'Not delivered (Twilio gave no reason)';

/**
 * POST /api/conversations/sms/webhooks/:clientId/status: Twilio's status callback for a text we sent.
 * Verified like the inbound webhook; each (MessageSid, status) is taken once (a replay is refused);
 * the send record and the thread's delivery state move on together.
 */
export const receiveSmsStatus: Operation<typeof r.statusWebhook, 'db' | 'config'> = async (deps, input) => {
  const { settings, params } = await verifyTwilioWebhook(deps, input.clientId, input.caller);
  const clientId = settings.row.clientId;
  const sid = params.MessageSid ?? params.SmsSid;
  const status = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase();
  if (!sid || !status) throw badRequest('MessageStatus', 'The status callback carries no MessageSid or MessageStatus');
  await deps.db.transaction(async (tx) => {
    await rememberWebhook(tx, clientId, 'status', sid, status);
    const move = DELIVERY[status];
    if (!move) return;
    const reason = move.message === 'failed' ? deliveryFailureText(params.ErrorCode) : null;
    await tx
      .update(smsSends)
      .set({ status: move.send, errorCode: params.ErrorCode ?? null, errorText: reason, updatedAt: new Date() })
      .where(
        and(
          eq(smsSends.clientId, clientId),
          eq(smsSends.providerSid, sid),
          // A late 'sent' never undoes 'delivered' or 'failed'.
          move.send === 'sent' ? inArray(smsSends.status, ['queued', 'held', 'sending', 'sent']) : undefined,
        ),
      );
    await updateDelivery({ db: tx }, { clientId, providerId: sid, status: move.message, reason });
  });
  return answer({ type: 'text/xml; charset=utf-8', body: twiml() });
};
