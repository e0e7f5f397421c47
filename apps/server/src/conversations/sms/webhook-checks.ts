import { smsMessages } from '@hh/contract/conversations-sms';
import twilio from 'twilio';
import type { Config } from '../../config.ts';
import type { Caller } from '../../core/operation.ts';
import type { DbOrTx } from '../../db/client.ts';
import { smsWebhookEvents } from '../../db/schema/sms.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type LoadedSmsSettings, loadSmsSettings } from './sms-settings.ts';

/**
 * What every Twilio webhook goes through before anything is stored: the client must have Twilio set
 * up (404 otherwise), the request must carry X-Twilio-Signature (403) computed by Twilio over our
 * public address of the call and its form fields with the client's auth token (403 when it does not
 * match: forged, or meant for another client), and the account must be the client's.
 */
export interface VerifiedWebhook {
  settings: LoadedSmsSettings;
  params: Record<string, string>;
}

/** The form fields as Twilio sent them (a field sent twice keeps its last value, as Twilio's own helpers read it). */
export function formFields(raw: Buffer | undefined): Record<string, string> {
  if (!raw?.length) return {};
  return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
}

export async function verifyTwilioWebhook(
  deps: { db: DbOrTx; config: Pick<Config, 'SECRETS_KEY' | 'jwtSecret' | 'publicUrl'> },
  clientId: string | undefined,
  caller: Caller,
): Promise<VerifiedWebhook> {
  if (!clientId || !isUuid(clientId)) throw notFound('sms', smsMessages.unknownClient);
  const settings = await loadSmsSettings(deps.db, deps.config, clientId);
  if (!settings?.creds.authToken) throw notFound('sms', smsMessages.unknownClient);
  const header = caller.headers['x-twilio-signature'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) throw forbidden('sms', smsMessages.signatureMissing);
  const contentType = String(caller.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/x-www-form-urlencoded')) throw forbidden('sms', smsMessages.signatureInvalid);
  const params = formFields(caller.rawBody);
  // Twilio signs the address it was given: our public address and the path as called.
  const url = `${deps.config.publicUrl}${caller.url}`;
  if (!twilio.validateRequest(settings.creds.authToken, signature, url, params)) throw forbidden('sms', smsMessages.signatureInvalid);
  if (params.AccountSid && params.AccountSid !== settings.row.accountSid) throw forbidden('sms', smsMessages.signatureInvalid);
  return { settings, params };
}

/** Remembers a webhook (inside the transaction that acts on it); a second delivery of the same one is refused as a replay. */
export async function rememberWebhook(tx: DbOrTx, clientId: string, kind: 'inbound' | 'status', sid: string, status = ''): Promise<void> {
  const [seen] = await tx.insert(smsWebhookEvents).values({ clientId, kind, sid, status }).onConflictDoNothing().returning({ sid: smsWebhookEvents.sid });
  if (!seen) throw new AppError(403, 'sms', smsMessages.replayed);
}

/** Whether the number (or messaging service) a message came to is this client's. */
export function isClientsNumber(settings: LoadedSmsSettings, params: Record<string, string>): boolean {
  const to = params.To ?? '';
  if (settings.row.fromNumber && to === settings.row.fromNumber) return true;
  if (settings.row.messagingServiceSid && params.MessagingServiceSid === settings.row.messagingServiceSid) return true;
  return false;
}

/** TwiML for the webhook's answer: nothing, or one message back to the texter. */
export function twiml(message?: string): string {
  const r = new twilio.twiml.MessagingResponse();
  if (message) r.message(message);
  return r.toString();
}
