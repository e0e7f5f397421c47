import type { conversationsSmsRoutes as r } from '@hh/contract/conversations-sms';
import { requireClient } from '../../auth/access.ts';
import type { Operation } from '../../core/operation.ts';
import { SMS_SETTINGS_MANAGERS } from './rights.ts';
import { serializeSmsSettings } from './serialize-sms-settings.ts';
import { readSmsSettings } from './sms-settings.ts';

/** GET /api/conversations/sms/settings: the client's Twilio settings, secrets only as "set" or not. */
export const getSmsSettings: Operation<typeof r.settings, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_SETTINGS_MANAGERS, 'sms');
  return serializeSmsSettings(client.id, await readSmsSettings(deps.db, client.id), client.timeZone, deps.config.publicUrl);
};
