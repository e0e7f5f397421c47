import { smsMessages } from '@hh/contract/conversations-sms';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema/core.ts';
import { type SmsSettingsRow, smsSettings } from '../../db/schema/sms.ts';
import { badRequest } from '../../lib/app-error.ts';
import { secretBox } from '../../lib/secret-box.ts';
import type { TwilioCredentials } from './twilio-client.ts';

/** Helpers private to conversations/sms: the settings row, its sealed secrets and the webhook addresses. */

export const smsSecrets = (config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>) => secretBox(config.SECRETS_KEY ?? config.jwtSecret, 'twilio-sms-settings');

export interface LoadedSmsSettings {
  row: SmsSettingsRow;
  creds: TwilioCredentials;
  /** The time zone quiet hours are counted in. */
  timeZone: string;
  clientName: string;
}

export async function readSmsSettings(db: DbOrTx, clientId: string): Promise<SmsSettingsRow | null> {
  const [row] = await db.select().from(smsSettings).where(eq(smsSettings.clientId, clientId)).limit(1);
  return row ?? null;
}

/** The settings with the secrets opened; null when the client has not set up Twilio. */
export async function loadSmsSettings(db: DbOrTx, config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>, clientId: string): Promise<LoadedSmsSettings | null> {
  const [found] = await db
    .select({ row: smsSettings, clientTimeZone: clients.timeZone, clientName: clients.name })
    .from(smsSettings)
    .innerJoin(clients, eq(clients.id, smsSettings.clientId))
    .where(and(eq(smsSettings.clientId, clientId)))
    .limit(1);
  if (!found?.row.authTokenSealed) return null;
  const box = smsSecrets(config);
  const { row } = found;
  return {
    row,
    creds: {
      accountSid: row.accountSid,
      authToken: box.open(row.authTokenSealed as string),
      apiKeySid: row.apiKeySid,
      apiKeySecret: row.apiKeySecretSealed ? box.open(row.apiKeySecretSealed) : null,
    },
    timeZone: effectiveTimeZone(row.timeZone, found.clientTimeZone),
    clientName: found.clientName,
  };
}

export async function requireSmsSettings(db: DbOrTx, config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>, clientId: string): Promise<LoadedSmsSettings> {
  const s = await loadSmsSettings(db, config, clientId);
  if (!s) throw badRequest('sms', smsMessages.notConfigured);
  return s;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function effectiveTimeZone(setting: string | null, clientTimeZone: string | null): string {
  for (const tz of [setting, clientTimeZone]) if (tz && isTimeZone(tz)) return tz;
  return 'UTC';
}

/**
 * Where Twilio's REST calls go: TWILIO_API_BASE, else Twilio itself. A test run never reaches the real
 * Twilio: without a stand-in its calls go to a closed loopback port and come back "could not be reached".
 */
export const twilioBase = (config: Pick<Config, 'TWILIO_API_BASE' | 'NODE_ENV'>): string | undefined =>
  config.TWILIO_API_BASE ?? (config.NODE_ENV === 'test' ? 'http://127.0.0.1:9' : undefined);

export const webhookUrls = (publicUrl: string, clientId: string) => ({
  inboundWebhookUrl: `${publicUrl}/api/conversations/sms/webhooks/${clientId}/inbound`,
  statusCallbackUrl: `${publicUrl}/api/conversations/sms/webhooks/${clientId}/status`,
});
