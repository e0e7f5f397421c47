import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Drizzle mirror of migrations/1100_conversations.sql (docs/conversations.md). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type ConversationChannel = 'email' | 'sms';
export type ConversationDirection = 'in' | 'out';
export type ConversationStatus = 'queued' | 'scheduled' | 'sent' | 'delivered' | 'failed' | 'received';

export const conversationThreads = pgTable(
  'conversation_threads',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    candidateId: uuid('candidate_id').notNull(),
    assignedUserId: uuid('assigned_user_id'),
    lastMessageAt: ts('last_message_at'),
    lastChannel: text('last_channel').$type<ConversationChannel>(),
    lastDirection: text('last_direction').$type<ConversationDirection>(),
    lastPreview: text('last_preview').notNull().default(''),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: ts('last_read_at'),
    lastReadBy: uuid('last_read_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    threadId: uuid('thread_id').notNull(),
    candidateId: uuid('candidate_id').notNull(),
    channel: text('channel').$type<ConversationChannel>().notNull(),
    direction: text('direction').$type<ConversationDirection>().notNull(),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    subject: text('subject'),
    bodyHtml: text('body_html'),
    bodyText: text('body_text').notNull().default(''),
    status: text('status').$type<ConversationStatus>().notNull(),
    failureReason: text('failure_reason'),
    providerId: text('provider_id'),
    idempotencyKey: text('idempotency_key'),
    batchId: uuid('batch_id'),
    templateId: uuid('template_id'),
    jobId: uuid('job_id'),
    authorUserId: uuid('author_user_id'),
    sendAt: ts('send_at'),
    sentAt: ts('sent_at'),
    deliveredAt: ts('delivered_at'),
    openedAt: ts('opened_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export const conversationAttachments = pgTable(
  'conversation_attachments',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    messageId: uuid('message_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.id] })],
);

export type ConversationThreadRow = typeof conversationThreads.$inferSelect;
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;
export type ConversationAttachmentRow = typeof conversationAttachments.$inferSelect;
