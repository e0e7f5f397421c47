import { conversationsRoutes as r } from '@hh/contract/conversations';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { assignConversation } from './assign-conversation.ts';
import { getAttachment } from './get-attachment.ts';
import { getConversation } from './get-conversation.ts';
import { listConversations } from './list-conversations.ts';
import { markRead } from './mark-read.ts';
import { registerSmsRoutes } from './sms/routes.ts';
import { previewMessage } from './preview-message.ts';
import { sendMessage } from './send-message.ts';
import { getUnreadCount } from './unread-count.ts';

export default async function conversationsRoutes(app: FastifyInstance) {
  route(app, r.list, listConversations);
  route(app, r.unreadCount, getUnreadCount);
  route(app, r.send, sendMessage);
  route(app, r.preview, previewMessage);
  route(app, r.get, getConversation);
  route(app, r.read, markRead);
  route(app, r.assign, assignConversation);
  route(app, r.attachment, getAttachment);
  await registerSmsRoutes(app); // the SMS channel's calls and Twilio's webhooks (sms/routes.ts)
}
