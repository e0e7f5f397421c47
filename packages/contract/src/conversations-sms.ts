import { z } from 'zod';
import { id } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * SMS conversations through the client's own Twilio account (docs/conversations-sms.md): the Twilio
 * settings (secrets write-only), a test message, opt-out status, segment counting, sending one text
 * or a bulk send through the queue, and Twilio's webhooks (inbound messages and status callbacks,
 * signed with X-Twilio-Signature). The message store and the threads are the conversations domain's.
 */

// ---------------------------------------------------------------- texts (the domain's part of the catalogue)
export const smsMessages = {
  settingsSaved: 'Twilio settings saved',
  notConfigured: 'Twilio is not set up for this client: enter the account SID and auth token first',
  accountSidInvalid: 'An account SID is "AC" followed by 32 letters and digits (0–9, a–f)',
  apiKeySidInvalid: 'An API key SID is "SK" followed by 32 letters and digits (0–9, a–f)',
  messagingServiceSidInvalid: 'A messaging service SID is "MG" followed by 32 letters and digits (0–9, a–f)',
  authTokenRequired: 'Enter the auth token: Twilio signs its webhooks with it',
  apiKeyPair: 'Enter both the API key SID and its secret, or neither',
  senderRequired: 'Enter a sending number or a messaging service SID',
  timeZoneInvalid: (tz: string) => `"${tz}" is not a time zone; use a name such as America/Chicago`,
  invalidNumber: (n: string) => `"${n}" is not a valid mobile number: use + and the country code, then the number, e.g. +13125550100`,
  wrongLengthForCountry: (n: string, country: string, code: string, lengths: string, got: number) =>
    `"${n}" is not a valid number for ${country}: after +${code} a number there has ${lengths} digits, this one has ${got}`,
  nanpBadDigit: (n: string, part: 'area code' | 'exchange') =>
    `"${n}" is not a valid number for the United States or Canada: the ${part} (the ${part === 'area code' ? 'first' : 'fourth'} digit after +1) cannot start with 0 or 1`,
  notMobileNumber: (n: string, country: string, code: string, got: number) =>
    `"${n}" is not a mobile number for ${country}: no mobile number there has these ${got} digits after +${code} (a landline cannot get texts)`,
  optedOut: (n: string) => `${n} has opted out of texts (replied STOP); nothing was sent. They can reply START to receive texts again.`,
  bodyEmpty: 'Write a message to send',
  testSent: (to: string, sid: string, status: string) => `Twilio accepted the test message to ${to} (message ${sid}, status ${status}).`,
  testRefused: (status: number, code: number | string | undefined, message: string) =>
    `Twilio refused the test message (HTTP ${status}${code !== undefined ? `, error ${code}` : ''}): ${message}`,
  testUnreachable: (message: string) => `Twilio could not be reached: ${message}`,
  testNumberFormat: 'Enter the number as + and the country code, then the number, e.g. +13125550100',
  queued: (n: number) => (n === 1 ? 'Text queued' : `${n} texts queued`),
  heldUntil: (when: string) => `Quiet hours: held until ${when}`,
  // Webhooks (answered to Twilio, read in its debugger).
  signatureMissing: 'The request carries no X-Twilio-Signature header',
  signatureInvalid: 'The X-Twilio-Signature does not match this request',
  replayed: 'This webhook was already received (a replay)',
  unknownClient: 'No client with Twilio SMS set up answers at this address',
  notThisClientsNumber: (n: string) => `${n} is not this client's Twilio number or messaging service`,
  // Replies to the keywords carriers require (sent back to the texter).
  stopReply: 'You have been unsubscribed and will receive no more texts from us. Reply START to subscribe again.',
  startReply: 'You are subscribed again and may receive texts from us. Reply STOP to unsubscribe.',
  helpReply: (client: string) => `${client}: texts about your job applications. Reply STOP to unsubscribe, START to subscribe again.`,
} as const;

// ---------------------------------------------------------------- numbers and segments (pure, used by the composer too)
// Whether a number can be texted by its country's plan is `phoneProblem` in conversations-phone.ts
// (libphonenumber-js and its metadata, kept out of this file so the settings screen does not load them).
/** A strict E.164 check: +, a country code that does not start with 0, 7 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Removes spaces, dots, dashes and brackets people type; keeps a leading +. A number written without a
 * country code is read in the North American plan when it has its 10 digits (or 11 with the leading 1):
 * the product's candidates come from US career sites and job boards, whose forms take "(512) 555-0148".
 * Any other national number stays as typed, and the check asks for its country code.
 */
export function normalizePhone(input: string): string {
  const t = input.trim().replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(t)) return `+1${t}`;
  if (/^1\d{10}$/.test(t)) return `+${t}`;
  return t;
}

const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM7_BASIC);
const extended = new Set(GSM7_EXTENDED);

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them (an extended GSM character counts 2, a UCS-2 character outside the BMP counts 2). */
  units: number;
  segments: number;
  /** Characters a segment holds in this encoding (160/153 GSM-7, 70/67 UCS-2). */
  perSegment: number;
  /** Characters left in the last segment. */
  remaining: number;
}

/**
 * How many SMS segments a text takes: GSM-7 (160 characters, 153 per part when split) unless one
 * character is outside the GSM alphabet, then UCS-2 (70, 67 per part). An emoji takes two UCS-2 units.
 */
export function countSmsSegments(text: string): SmsSegments {
  let gsmUnits = 0;
  let gsm = true;
  for (const ch of text) {
    if (basic.has(ch)) gsmUnits += 1;
    else if (extended.has(ch)) gsmUnits += 2;
    else {
      gsm = false;
      break;
    }
  }
  const units = gsm ? gsmUnits : text.length; // UTF-16 code units are UCS-2's
  const single = gsm ? 160 : 70;
  const multi = gsm ? 153 : 67;
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / multi);
  const perSegment = segments > 1 ? multi : single;
  const remaining = segments === 0 ? single : segments * perSegment - units;
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments, perSegment, remaining };
}

/** The keywords carriers require, with the synonyms they accept (CTIA): the whole message, any case. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;
export type SmsKeyword = 'stop' | 'start' | 'help';
export function smsKeyword(body: string): SmsKeyword | null {
  const w = body
    .trim()
    .replace(/[.!\s]+$/, '')
    .toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(w)) return 'stop';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(w)) return 'start';
  if ((HELP_KEYWORDS as readonly string[]).includes(w)) return 'help';
  return null;
}

// ---------------------------------------------------------------- schemas
const sid = (prefix: string, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^${prefix}[0-9a-fA-F]{32}$`), message);
const phone = z.string().trim().min(1).max(32);
const minuteOfDay = z.number().int().min(0).max(1439);

export const smsClientQuery = z.object({ clientId: id });

export const smsSettingsReply = z.object({
  clientId: z.string(),
  configured: z.boolean(),
  accountSid: z.string().nullable(),
  /** Whether an auth token is stored (it is never sent back). */
  authTokenSet: z.boolean(),
  apiKeySid: z.string().nullable(),
  apiKeySecretSet: z.boolean(),
  messagingServiceSid: z.string().nullable(),
  fromNumber: z.string().nullable(),
  quietHoursOn: z.boolean(),
  quietStartMinute: minuteOfDay,
  quietEndMinute: minuteOfDay,
  /** The time zone quiet hours are counted in (the setting, else the client's, else UTC). */
  timeZone: z.string(),
  timeZoneSetting: z.string().nullable(),
  ratePerMinute: z.number().int(),
  /** Addresses to paste into Twilio: "A message comes in" and the status callback. */
  inboundWebhookUrl: z.string(),
  statusCallbackUrl: z.string(),
});
export type SmsSettings = z.infer<typeof smsSettingsReply>;

export const saveSmsSettingsRequest = z.object({
  clientId: id,
  accountSid: sid('AC', smsMessages.accountSidInvalid),
  /** Write-only: omitted or empty keeps the stored one. */
  authToken: z.string().trim().max(200).optional(),
  apiKeySid: z.union([sid('SK', smsMessages.apiKeySidInvalid), z.literal('')]).nullish(),
  apiKeySecret: z.string().trim().max(200).optional(),
  messagingServiceSid: z.union([sid('MG', smsMessages.messagingServiceSidInvalid), z.literal('')]).nullish(),
  fromNumber: z.union([phone, z.literal('')]).nullish(),
  quietHoursOn: z.boolean().default(true),
  quietStartMinute: minuteOfDay.default(21 * 60),
  quietEndMinute: minuteOfDay.default(8 * 60),
  timeZone: z.string().trim().max(64).nullish(),
  ratePerMinute: z.number().int().min(1).max(6000).default(60),
});
export const saveSmsSettingsReply = smsSettingsReply.extend({ message: z.string() });

export const sendSmsTestRequest = z.object({ clientId: id, to: phone });
/**
 * The settings screen's "Send a test message" form (useContractForm's stricter schema): the number in
 * international form before anything is sent; the server still checks it by its country's plan.
 */
export const sendSmsTestForm = sendSmsTestRequest.extend({
  to: z.string().trim().max(32).regex(E164, smsMessages.testNumberFormat),
});
export const sendSmsTestReply = z.object({ ok: z.boolean(), message: z.string(), sid: z.string().nullable(), status: z.string().nullable() });

export const smsOptOutQuery = z.object({ clientId: id, phone });
export const smsOptOutReply = z.object({
  phone: z.string(),
  optedOut: z.boolean(),
  since: z.string().nullable(),
  keyword: z.string().nullable(),
  /** What the composer shows when texting is refused. */
  message: z.string().nullable(),
});

export const smsSegmentsRequest = z.object({ text: z.string().max(1600) });
export const smsSegmentsReply = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  units: z.number().int(),
  segments: z.number().int(),
  perSegment: z.number().int(),
  remaining: z.number().int(),
});

const smsBody = z.string().max(1600);
export const sendSmsRequest = z.object({
  clientId: id,
  candidateId: id,
  body: smsBody,
  /** The caller's key for this send (a retried request with the same key sends nothing more). */
  idempotencyKey: z.string().trim().min(8).max(200).optional(),
});
export const smsSendView = z.object({
  /** The message in the candidate's thread. */
  messageId: z.string(),
  candidateId: z.string(),
  to: z.string(),
  status: z.string(),
  segments: z.number().int(),
  /** Set when quiet hours hold the text: when it will go. */
  heldUntil: z.string().nullable(),
});
export const sendSmsReply = z.object({ message: z.string(), send: smsSendView });

export const sendBulkSmsRequest = z.object({
  clientId: id,
  candidateIds: z.array(id).min(1).max(5000),
  body: smsBody,
  /** One key for the whole send: each candidate's text is keyed `<key>:<candidateId>`. */
  idempotencyKey: z.string().trim().min(8).max(200),
});
export const sendBulkSmsReply = z.object({
  message: z.string(),
  queued: z.number().int(),
  /** Candidates not texted, each with the reason in words (no number, an invalid number, opted out). */
  skipped: z.array(z.object({ candidateId: z.string(), reason: z.string() })),
});

/** Twilio posts form fields (application/x-www-form-urlencoded): read from the raw body, every field counts for the signature. */
export const twilioWebhookParams = z.object({ clientId: id });

const tags = ['conversations-sms'] as const;
export const conversationsSmsRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/conversations/sms/settings',
    query: smsClientQuery,
    status: 200,
    reply: smsSettingsReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/api/conversations/sms/settings',
    body: saveSmsSettingsRequest,
    status: 200,
    reply: saveSmsSettingsReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  sendTest: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/settings/test',
    body: sendSmsTestRequest,
    status: 200,
    reply: sendSmsTestReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  optOut: defineRoute({
    method: 'GET',
    path: '/api/conversations/sms/opt-out',
    query: smsOptOutQuery,
    status: 200,
    reply: smsOptOutReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  segments: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/segments',
    body: smsSegmentsRequest,
    status: 200,
    reply: smsSegmentsReply,
    errors: [400, 401],
    tags,
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/send',
    body: sendSmsRequest,
    status: 202,
    reply: sendSmsReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  sendBulk: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/send-bulk',
    body: sendBulkSmsRequest,
    status: 202,
    reply: sendBulkSmsReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  inboundWebhook: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/webhooks/:clientId/inbound',
    params: twilioWebhookParams,
    status: 200,
    reply: null, // TwiML (text/xml): an empty <Response/>, or one <Message> answering a keyword
    errors: [400, 403, 404],
    auth: 'public',
    tags,
  }),
  statusWebhook: defineRoute({
    method: 'POST',
    path: '/api/conversations/sms/webhooks/:clientId/status',
    params: twilioWebhookParams,
    status: 200,
    reply: null, // TwiML (text/xml): an empty <Response/>, or one <Message> answering a keyword
    errors: [400, 403, 404],
    auth: 'public',
    tags,
  }),
};
