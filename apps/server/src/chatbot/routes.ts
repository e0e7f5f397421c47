import { chatbotRoutes as r } from '@hh/contract/chatbot';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { askChatbot } from './ask-chatbot.ts';
import { bookChatSlot } from './book-chat-slot.ts';
import { getAvailability } from './get-availability.ts';
import { listChatSlots } from './list-chat-slots.ts';
import { cancelChatBooking, getChatBooking, rescheduleChatBooking } from './manage-chat-booking.ts';
import { saveAvailability } from './save-availability.ts';
import { saveChatCandidate } from './save-chat-candidate.ts';

/** Public chat calls are limited per address like the site's other public posts (the apply form: 20 per 10 minutes). */
const reads = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
const posts = { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } };

/** The career-site chatbot (docs/chatbot.md): the availability it may offer (/chatbot-calendar) and the chat's public calls. */
export default async function chatbotRoutes(app: FastifyInstance) {
  route(app, r.availability, getAvailability);
  route(app, r.saveAvailability, saveAvailability);
  route(app, r.ask, askChatbot, reads);
  route(app, r.slots, listChatSlots, reads);
  route(app, r.saveCandidate, saveChatCandidate, posts);
  route(app, r.book, bookChatSlot, posts);
  route(app, r.booking, getChatBooking, reads);
  route(app, r.rescheduleBooking, rescheduleChatBooking, posts);
  route(app, r.cancelBooking, cancelChatBooking, posts);
}
