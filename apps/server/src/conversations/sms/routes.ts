import { conversationsSmsRoutes as r } from '@hh/contract/conversations-sms';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { countSegments } from './count-sms-segments.ts';
import { getSmsOptOut } from './get-sms-opt-out.ts';
import { getSmsSettings } from './get-sms-settings.ts';
import { receiveInboundSms } from './receive-inbound-sms.ts';
import { receiveSmsStatus } from './receive-sms-status.ts';
import { saveSmsSettings } from './save-sms-settings.ts';
import { sendBulkSms } from './send-bulk-sms.ts';
import { sendSms } from './send-sms.ts';
import { sendSmsTest } from './send-sms-test.ts';

/** Twilio webhooks post forms of a few KB; the signature is computed over every field, so the body is kept whole (raw). */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** SMS conversations through Twilio (docs/conversations-sms.md). */
export async function registerSmsRoutes(app: FastifyInstance) {
  route(app, r.settings, getSmsSettings);
  route(app, r.saveSettings, saveSmsSettings);
  route(app, r.sendTest, sendSmsTest);
  route(app, r.optOut, getSmsOptOut);
  route(app, r.segments, countSegments);
  route(app, r.send, sendSms);
  route(app, r.sendBulk, sendBulkSms);
  // Twilio's webhooks, in their own context: the form is kept as bytes (`caller.rawBody`) for the signature check.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    route(scope, r.inboundWebhook, receiveInboundSms, { bodyLimit: WEBHOOK_BODY_LIMIT });
    route(scope, r.statusWebhook, receiveSmsStatus, { bodyLimit: WEBHOOK_BODY_LIMIT });
  });
}
