import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { chatbotAvailability } from '../db/schema/chatbot.ts';
import { badRequest } from '../lib/app-error.ts';
import { checkRanges, isTimeZone, serializeAvailability } from './availability.ts';
import { CHATBOT_MANAGERS } from './rights.ts';

/** PUT /api/chatbot/availability: replaces the client's chatbot availability (weekday ranges, slot length, time zone). */
export const saveAvailability: Operation<typeof r.saveAvailability, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CHATBOT_MANAGERS, 'chatbot');
  if (!isTimeZone(input.timeZone)) throw badRequest('timeZone', messages.chatbot.unknownTimeZone);
  const values = { timeZone: input.timeZone, slotMinutes: input.slotMinutes, ranges: checkRanges(input.ranges), updatedAt: new Date() };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(chatbotAvailability)
      .values({ clientId: client.id, ...values })
      .onConflictDoUpdate({ target: chatbotAvailability.clientId, set: values })
      .returning();
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'update',
      entity: 'chatbot-availability',
      entityId: client.id,
      changes: { timeZone: values.timeZone, slotMinutes: values.slotMinutes, ranges: values.ranges.length },
    });
    return saved;
  });
  return { ...serializeAvailability(client.id, row, client.timeZone), message: messages.chatbot.availabilitySaved };
};
