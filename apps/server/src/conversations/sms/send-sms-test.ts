import { type conversationsSmsRoutes as r, smsMessages } from '@hh/contract/conversations-sms';
import { requireClient } from '../../auth/access.ts';
import { logActivity } from '../../core/activity-log.ts';
import type { Operation } from '../../core/operation.ts';
import { refuseOptedOut, requireE164 } from './recipient-checks.ts';
import { SMS_SETTINGS_MANAGERS } from './rights.ts';
import { requireSmsSettings, twilioBase } from './sms-settings.ts';
import { twilioErrorText, twilioRest } from './twilio-client.ts';

const TEST_TEXT = 'Test message from your hiring portal: Twilio SMS is set up.';

/**
 * POST /api/conversations/sms/settings/test: sends one text now with the saved settings (not through
 * the queue, so the answer is Twilio's own) and reports it in words: accepted with its id and status,
 * or refused with Twilio's HTTP status, error code and message (a 200 either way: the call worked).
 */
export const sendSmsTest: Operation<typeof r.sendTest, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_SETTINGS_MANAGERS, 'sms');
  const to = requireE164(input.to);
  const settings = await requireSmsSettings(deps.db, deps.config, client.id);
  await refuseOptedOut(deps.db, client.id, to);
  const rest = twilioRest(settings.creds, twilioBase(deps.config));
  const sender = settings.row.messagingServiceSid ? { messagingServiceSid: settings.row.messagingServiceSid } : { from: settings.row.fromNumber as string };
  let result: { ok: boolean; message: string; sid: string | null; status: string | null };
  try {
    const sent = await rest.messages.create({ to, body: TEST_TEXT, ...sender });
    result = { ok: true, message: smsMessages.testSent(to, sent.sid, sent.status), sid: sent.sid, status: sent.status };
  } catch (err) {
    const e = twilioErrorText(err);
    result = {
      ok: false,
      message: e.status === null ? smsMessages.testUnreachable(e.message) : smsMessages.testRefused(e.status, e.code, e.message),
      sid: null,
      status: null,
    };
  }
  await logActivity(deps.db, {
    actor: input.actor,
    clientId: client.id,
    action: 'test',
    entity: 'twilio-sms-settings',
    entityId: client.id,
    changes: { to, ok: result.ok },
  });
  return result;
};
