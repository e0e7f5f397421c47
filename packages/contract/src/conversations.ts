import { z } from 'zod';
import { id, isoDate, queryBool } from './common.ts';
import { messages } from './messages.ts';
import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute } from './route.ts';

/**
 * Conversations (core §1, §4, §7): one thread per candidate holding every email and SMS exchanged
 * with them; the server side is apps/server/src/conversations/ (docs/conversations.md).
 */
export const conversationChannel = z.enum(['email', 'sms']);
export type ConversationChannel = z.infer<typeof conversationChannel>;
export const conversationDirection = z.enum(['in', 'out']);
export const conversationStatus = z.enum(['queued', 'scheduled', 'sent', 'delivered', 'failed', 'received']);
export type ConversationStatus = z.infer<typeof conversationStatus>;

/** Limits of a send: recipients per call (a list of 500 goes through the queue), subject and body sizes. */
export const CONVERSATION_LIMITS = { maxRecipients: 500, maxSubject: 300, maxBody: 50_000, maxPageSize: 100, defaultPageSize: 25 } as const;

/**
 * Merge fields a message (and a library template) may use, as {{field}}: the candidate's first and last
 * name, the job's title (the send's jobId), the sender's name, the client's name, and a link on which
 * the candidate books an interview of their application (made for each recipient when sent).
 */
export const conversationMergeFields = ['firstName', 'lastName', 'jobTitle', 'recruiterName', 'clientName', 'bookingLink'] as const;
export type ConversationMergeField = (typeof conversationMergeFields)[number];
export const conversationMergeFieldLabels: Record<ConversationMergeField, string> = {
  firstName: 'Candidate first name',
  lastName: 'Candidate last name',
  jobTitle: 'Job title',
  recruiterName: 'Recruiter name',
  clientName: 'Company name',
  bookingLink: 'Booking link',
};

export const conversationAttachment = z.object({
  _id: id,
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

export const conversationMessage = z.object({
  _id: id,
  threadId: id,
  candidateId: id,
  channel: conversationChannel,
  direction: conversationDirection,
  from: z.string(),
  to: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  /** Sanitised HTML of an email (formatting and links only); null for SMS. */
  bodyHtml: z.string().nullable(),
  status: conversationStatus,
  failureReason: z.string().nullable(),
  jobId: id.nullable(),
  authorUserId: id.nullable(),
  authorName: z.string().nullable(),
  sendAt: isoDate.nullable(),
  sentAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  openedAt: isoDate.nullable(),
  createdAt: isoDate,
  attachments: z.array(conversationAttachment),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationCandidate = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
});

export const conversationThread = z.object({
  _id: id,
  clientId: id,
  candidate: conversationCandidate,
  assignedUserId: id.nullable(),
  lastMessageAt: isoDate.nullable(),
  lastChannel: conversationChannel.nullable(),
  lastDirection: conversationDirection.nullable(),
  lastPreview: z.string(),
  unreadCount: z.number().int(),
  createdAt: isoDate,
});
export type ConversationThread = z.infer<typeof conversationThread>;

export const listConversationsQuery = z.object({
  clientId: id.optional(),
  /** Only threads assigned to the caller. */
  mine: queryBool.optional(),
  /** Only threads with unread inbound messages. */
  unread: queryBool.optional(),
  /** Only candidates who applied to this job, or were written to about it. */
  jobId: id.optional(),
  /** Only threads with at least one message on this channel. */
  channel: conversationChannel.optional(),
  /** The thread of one candidate (the candidate drawer). */
  candidateId: id.optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CONVERSATION_LIMITS.maxPageSize).default(CONVERSATION_LIMITS.defaultPageSize),
});
export const conversationList = z.object({ results: z.array(conversationThread), totalCount: z.number().int() });

export const threadParams = z.object({ threadId: id });
export const attachmentParams = z.object({ attachmentId: id });
export const clientOnlyQuery = z.object({ clientId: id.optional() });
export const threadReply = z.object({ thread: conversationThread, messages: z.array(conversationMessage) });

export const readReply = z.object({ message: z.string(), thread: conversationThread, unreadConversationsCount: z.number().int() });
export const assignRequest = z.object({ clientId: id.optional(), userId: id.nullable() });
export const assignReply = z.object({ message: z.string(), thread: conversationThread });

const composeFields = {
  clientId: id.optional(),
  candidateIds: z
    .array(id)
    .min(1)
    .max(CONVERSATION_LIMITS.maxRecipients, { error: messages.conversations.tooManyRecipients(CONVERSATION_LIMITS.maxRecipients) }),
  channel: conversationChannel,
  /** A template of the client's library: its subject and body are used where the call sends none. */
  templateId: id.optional(),
  subject: z.string().trim().max(CONVERSATION_LIMITS.maxSubject).optional(),
  body: z.string().max(CONVERSATION_LIMITS.maxBody).optional(),
  /** The job the message is about (fills {{jobTitle}}). */
  jobId: id.optional(),
};
export const sendRequest = z.object({
  ...composeFields,
  /** Send later (ISO time with offset); now when left out. */
  sendAt: isoDate.optional(),
});
export const sendReply = z.object({
  message: z.string(),
  batchId: id,
  /** Recipients the send was accepted for. */
  count: z.number().int(),
  /** The messages written by this call (a single recipient); a bulk send writes them in the queue. */
  messages: z.array(conversationMessage),
});

export const previewRequest = z.object(composeFields);
export const previewReply = z.object({
  results: z.array(
    z.object({
      candidateId: id,
      name: z.string(),
      to: z.string().nullable(),
      subject: z.string().nullable(),
      bodyText: z.string(),
      bodyHtml: z.string().nullable(),
      /** Why this recipient cannot get the message (no address); null when it can be sent. */
      problem: z.string().nullable(),
    }),
  ),
});

export const unreadCountReply = z.object({ unreadConversationsCount: z.number().int() });

const tags = ['conversations'] as const;
const errors = [400, 401, 403, 404] as const;

/** The conversations calls (apps/server/src/conversations/routes.ts). */
export const conversationsRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/conversations', query: listConversationsQuery, status: 200, reply: conversationList, errors, tags }),
  /** Answers an ETag; a request with If-None-Match of the current count gets 304 and no body. */
  unreadCount: defineRoute({
    ...firstScreenCalls.unreadConversations,
    query: clientOnlyQuery,
    status: 200,
    reply: unreadCountReply,
    errors,
    tags,
  }),
  send: defineRoute({ method: 'POST', path: '/api/conversations/send', body: sendRequest, status: 202, reply: sendReply, errors, tags }),
  preview: defineRoute({ method: 'POST', path: '/api/conversations/preview', body: previewRequest, status: 200, reply: previewReply, errors, tags }),
  get: defineRoute({
    method: 'GET',
    path: '/api/conversations/:threadId',
    params: threadParams,
    query: clientOnlyQuery,
    status: 200,
    reply: threadReply,
    errors,
    tags,
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/conversations/:threadId/read',
    params: threadParams,
    query: clientOnlyQuery,
    status: 200,
    reply: readReply,
    errors,
    tags,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/conversations/:threadId/assign',
    params: threadParams,
    body: assignRequest,
    status: 200,
    reply: assignReply,
    errors,
    tags,
  }),
  /** An inbound email's attachment, downloaded (the file itself: `Content-Disposition: attachment`, never cached). */
  attachment: defineRoute({
    method: 'GET',
    path: '/api/conversations/attachments/:attachmentId',
    params: attachmentParams,
    query: clientOnlyQuery,
    status: 200,
    reply: null,
    errors,
    tags,
  }),
};
