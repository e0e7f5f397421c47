import { type conversationsSmsRoutes as r, E164, normalizePhone, smsMessages } from '@hh/contract/conversations-sms';
import { requireClient } from '../../auth/access.ts';
import { logActivity } from '../../core/activity-log.ts';
import type { Operation } from '../../core/operation.ts';
import { smsSettings } from '../../db/schema/sms.ts';
import { badRequest } from '../../lib/app-error.ts';
import { SMS_SETTINGS_MANAGERS } from './rights.ts';
import { serializeSmsSettings } from './serialize-sms-settings.ts';
import { isTimeZone, readSmsSettings, smsSecrets } from './sms-settings.ts';

/**
 * PUT /api/conversations/sms/settings: saves the client's Twilio account. The auth token and the API
 * key's secret are write-only (an empty or missing one keeps the stored one) and sealed at rest; the
 * auth token is required because Twilio signs its webhooks with it. A sender is required: a number
 * (E.164) or a messaging service.
 */
export const saveSmsSettings: Operation<typeof r.saveSettings, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SMS_SETTINGS_MANAGERS, 'sms');
  const before = await readSmsSettings(deps.db, client.id);
  const box = smsSecrets(deps.config);
  const fromNumber = input.fromNumber ? normalizePhone(input.fromNumber) : null;
  if (fromNumber && !E164.test(fromNumber)) throw badRequest('fromNumber', smsMessages.invalidNumber(input.fromNumber ?? ''));
  const messagingServiceSid = input.messagingServiceSid || null;
  if (!fromNumber && !messagingServiceSid) throw badRequest('fromNumber', smsMessages.senderRequired);
  // A new account SID invalidates the stored secrets of the old account.
  const sameAccount = before?.accountSid === input.accountSid;
  const authTokenSealed = input.authToken ? box.seal(input.authToken) : sameAccount ? (before?.authTokenSealed ?? null) : null;
  if (!authTokenSealed) throw badRequest('authToken', smsMessages.authTokenRequired);
  const apiKeySid = input.apiKeySid || null;
  const apiKeySecretSealed = !apiKeySid
    ? null
    : input.apiKeySecret
      ? box.seal(input.apiKeySecret)
      : sameAccount && before?.apiKeySid === apiKeySid
        ? before.apiKeySecretSealed
        : null;
  if (apiKeySid && !apiKeySecretSealed) throw badRequest('apiKeySecret', smsMessages.apiKeyPair);
  if (!apiKeySid && input.apiKeySecret) throw badRequest('apiKeySid', smsMessages.apiKeyPair);
  const timeZone = input.timeZone || null;
  if (timeZone && !isTimeZone(timeZone)) throw badRequest('timeZone', smsMessages.timeZoneInvalid(timeZone));

  const values = {
    accountSid: input.accountSid,
    authTokenSealed,
    apiKeySid,
    apiKeySecretSealed,
    messagingServiceSid,
    fromNumber,
    quietHoursOn: input.quietHoursOn,
    quietStartMinute: input.quietStartMinute,
    quietEndMinute: input.quietEndMinute,
    timeZone,
    ratePerMinute: input.ratePerMinute,
    updatedAt: new Date(),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(smsSettings)
      .values({ clientId: client.id, ...values })
      .onConflictDoUpdate({ target: smsSettings.clientId, set: values })
      .returning();
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: before ? 'update' : 'create',
      entity: 'twilio-sms-settings',
      entityId: client.id,
      // Which secrets changed, never their values.
      changes: { accountSid: input.accountSid, authTokenChanged: !!input.authToken, apiKeySecretChanged: !!input.apiKeySecret },
    });
    return saved;
  });
  return { ...serializeSmsSettings(client.id, row, client.timeZone, deps.config.publicUrl), message: smsMessages.settingsSaved };
};
