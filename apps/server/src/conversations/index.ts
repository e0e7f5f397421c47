// What other domains may use of conversations (see apps/server/src/README.md): the message store.
// The SMS channel (conversations/sms/) builds on it; conversations never imports sms/.
export {
  type InboundAttachment,
  markOpened,
  type RecordInboundInput,
  type RecordOutboundInput,
  type RecordResult,
  recordInbound,
  recordOutbound,
  SMS_SEND_QUEUE,
  threadFor,
  type UpdateDeliveryInput,
  updateDelivery,
} from './store.ts';
export { startInboundSmtp, type InboundSmtp } from './email/inbound-smtp.ts';
export { unreadConversationsCountOf } from './unread-count.ts';
