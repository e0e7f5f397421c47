import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { and, eq, gte } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { chatbotBookings } from '../db/schema/chatbot.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { readAvailability, serializeAvailability } from './availability.ts';
import { chatClient } from './chat-client.ts';
import { type ChatSlot, offeredSlots, slotLabel } from './slots.ts';

/** The times the chat offers now for a client, and the availability they come from. */
export async function currentSlots(db: DbOrTx, client: ClientRow, now: Date): Promise<{ timeZone: string; slotMinutes: number; slots: ChatSlot[] }> {
  const a = serializeAvailability(client.id, await readAvailability(db, client.id), client.timeZone);
  const booked = await db
    .select({ startsAt: chatbotBookings.startsAt })
    .from(chatbotBookings)
    .where(and(eq(chatbotBookings.clientId, client.id), gte(chatbotBookings.startsAt, now)));
  const slots = offeredSlots({ ranges: a.ranges, slotMinutes: a.slotMinutes, timeZone: a.timeZone, now, booked: booked.map((b) => b.startsAt) });
  return { timeZone: a.timeZone, slotMinutes: a.slotMinutes, slots };
}

/** GET /api/chatbot/public/slots: the interview times the chat may offer (from /chatbot-calendar), in the availability's time zone. */
export const listChatSlots: Operation<typeof r.slots, 'db'> = async (deps, input) => {
  const client = await chatClient(deps, input.nameSlug);
  const { timeZone, slotMinutes, slots } = await currentSlots(deps.db, client, new Date());
  return {
    timeZone,
    slotMinutes,
    slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), label: slotLabel(s.start, timeZone) })),
  };
};
