import { phoneProblem } from '@hh/contract/conversations-phone';
import { type conversationsSmsRoutes as r, E164, normalizePhone, smsMessages } from '@hh/contract/conversations-sms';
import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { badRequest } from '../../lib/app-error.ts';
import { SMS_SEND_QUEUE } from '../index.ts';
import { SMS_CHUNK } from './deliver-sms.ts';
import { optOutsOf } from './recipient-checks.ts';
import { SMS_BULK_SENDERS } from './rights.ts';
import { candidatesOf, nameOf } from './send-sms.ts';
import { requireSmsSettings } from './sms-settings.ts';

/**
 * POST /api/conversations/sms/send-bulk: one text to each of a list of candidates, each through the
 * queue as its own message keyed `<idempotencyKey>:<candidateId>`, so the same call again (a retry,
 * a double click) sends nothing twice. Candidates that cannot be texted are listed with the reason
 * in words and skipped; the rest are queued.
 */
export const sendBulkSms: Operation<typeof r.sendBulk, 'db' | 'config' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_BULK_SENDERS, 'sms');
  if (!input.body.trim()) throw badRequest('body', messages.conversations.bodyEmpty);
  // The client must have Twilio set up before anything is queued.
  await requireSmsSettings(deps.db, deps.config, client.id);
  const ids = [...new Set(input.candidateIds)];
  const found = new Map((await candidatesOf(deps.db, client.id, ids)).map((c) => [c.id, c]));
  const numbers = new Map([...found.values()].map((c) => [c.id, c.phone ? normalizePhone(c.phone) : '']));
  const optedOut = await optOutsOf(
    deps.db,
    client.id,
    [...numbers.values()].filter((n) => E164.test(n)),
  );
  const batchId = randomUUID();
  const skipped: Array<{ candidateId: string; reason: string }> = [];
  const recipients: Array<{ candidateId: string; to: string }> = [];
  for (const id of ids) {
    const c = found.get(id);
    const to = numbers.get(id) ?? '';
    const problem = c && to ? phoneProblem(c.phone ?? '') : null;
    if (!c) skipped.push({ candidateId: id, reason: messages.conversations.candidateNotFound });
    else if (!to) skipped.push({ candidateId: id, reason: messages.conversations.noPhone(nameOf(c)) });
    else if (problem) skipped.push({ candidateId: id, reason: problem });
    else if (optedOut.has(to)) skipped.push({ candidateId: id, reason: smsMessages.optedOut(to) });
    else recipients.push({ candidateId: id, to });
  }
  // The messages are written by the queue, a chunk per job (each under its own key, so a retried chunk
  // or a repeated call writes and sends nothing twice): the call answers at once, whatever the list's length.
  const write = { batchId, body: input.body, idempotencyKey: input.idempotencyKey, authorId: input.actor.id, authorEmail: input.actor.email };
  for (let i = 0; i < recipients.length; i += SMS_CHUNK)
    await deps.queue.send(SMS_SEND_QUEUE, { clientId: client.id, write: { ...write, recipients: recipients.slice(i, i + SMS_CHUNK) } });
  return { message: smsMessages.queued(recipients.length), queued: recipients.length, skipped };
};
