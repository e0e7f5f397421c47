import type { SmsSettings } from '@hh/contract/conversations-sms';
import type { SmsSettingsRow } from '../../db/schema/sms.ts';
import { effectiveTimeZone, webhookUrls } from './sms-settings.ts';

/** The settings as the portal sees them: whether each secret is set, never the secret. */
export function serializeSmsSettings(clientId: string, row: SmsSettingsRow | null, clientTimeZone: string | null, publicUrl: string): SmsSettings {
  return {
    clientId,
    configured: !!row?.authTokenSealed && !!(row.fromNumber || row.messagingServiceSid),
    accountSid: row?.accountSid ?? null,
    authTokenSet: !!row?.authTokenSealed,
    apiKeySid: row?.apiKeySid ?? null,
    apiKeySecretSet: !!row?.apiKeySecretSealed,
    messagingServiceSid: row?.messagingServiceSid ?? null,
    fromNumber: row?.fromNumber ?? null,
    quietHoursOn: row?.quietHoursOn ?? true,
    quietStartMinute: row?.quietStartMinute ?? 21 * 60,
    quietEndMinute: row?.quietEndMinute ?? 8 * 60,
    timeZone: effectiveTimeZone(row?.timeZone ?? null, clientTimeZone),
    timeZoneSetting: row?.timeZone ?? null,
    ratePerMinute: row?.ratePerMinute ?? 60,
    ...webhookUrls(publicUrl, clientId),
  };
}
