import { boolean, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1110_sms.sql (Twilio settings, opt-outs, outbound sends, webhooks seen). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const smsSettings = pgTable(
  'sms_settings',
  {
    clientId: uuid('client_id').notNull(),
    accountSid: text('account_sid').notNull(),
    authTokenSealed: text('auth_token_sealed'),
    apiKeySid: text('api_key_sid'),
    apiKeySecretSealed: text('api_key_secret_sealed'),
    messagingServiceSid: text('messaging_service_sid'),
    fromNumber: text('from_number'),
    quietHoursOn: boolean('quiet_hours_on').notNull().default(true),
    quietStartMinute: integer('quiet_start_minute').notNull().default(1260),
    quietEndMinute: integer('quiet_end_minute').notNull().default(480),
    timeZone: text('time_zone'),
    ratePerMinute: integer('rate_per_minute').notNull().default(60),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId] })],
);
export type SmsSettingsRow = typeof smsSettings.$inferSelect;

export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    clientId: uuid('client_id').notNull(),
    phone: text('phone').notNull(),
    keyword: text('keyword').notNull(),
    optedOutAt: ts('opted_out_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.phone] })],
);

export type SmsSendStatus = 'queued' | 'held' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'refused';

export const smsSends = pgTable(
  'sms_sends',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    messageId: uuid('message_id'),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<SmsSendStatus>().notNull().default('queued'),
    sendAfter: ts('send_after'),
    attempts: integer('attempts').notNull().default(0),
    sendingSince: ts('sending_since'),
    providerSid: text('provider_sid'),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    segments: integer('segments').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] }), unique().on(t.clientId, t.idempotencyKey)],
);
export type SmsSendRow = typeof smsSends.$inferSelect;

export const smsRateWindows = pgTable(
  'sms_rate_windows',
  {
    clientId: uuid('client_id').notNull(),
    minute: ts('minute').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.minute] })],
);

export const smsWebhookEvents = pgTable(
  'sms_webhook_events',
  {
    clientId: uuid('client_id').notNull(),
    kind: text('kind').$type<'inbound' | 'status'>().notNull(),
    sid: text('sid').notNull(),
    status: text('status').notNull().default(''),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.kind, t.sid, t.status] })],
);
