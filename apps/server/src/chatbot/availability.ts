import type { Availability, AvailabilityRange } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { chatbotWeekdayLabels } from '@hh/contract/chatbot';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { type ChatbotAvailabilityRow, chatbotAvailability } from '../db/schema/chatbot.ts';
import { badRequest } from '../lib/app-error.ts';

/** Helpers private to chatbot: the availability row, its defaults and its checks. */

export const DEFAULT_SLOT_MINUTES = 30;

export async function readAvailability(db: DbOrTx, clientId: string): Promise<ChatbotAvailabilityRow | null> {
  const [row] = await db.select().from(chatbotAvailability).where(eq(chatbotAvailability.clientId, clientId)).limit(1);
  return row ?? null;
}

/** Unsaved availability shows the client's time zone and no ranges: the chatbot offers no times until some are saved. */
export function serializeAvailability(clientId: string, row: ChatbotAvailabilityRow | null, clientTimeZone: string | null): Availability {
  return {
    clientId,
    saved: !!row,
    timeZone: row?.timeZone ?? clientTimeZone ?? 'UTC',
    slotMinutes: row?.slotMinutes ?? DEFAULT_SLOT_MINUTES,
    ranges: row?.ranges ?? [],
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Ranges sorted by weekday and start; a range that ends before it starts, or two that overlap, are refused in words. */
export function checkRanges(ranges: AvailabilityRange[]): AvailabilityRange[] {
  const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday || minutes(a.start) - minutes(b.start));
  for (const [i, r] of sorted.entries()) {
    const day = chatbotWeekdayLabels[r.weekday];
    if (minutes(r.end) <= minutes(r.start)) throw badRequest('ranges', messages.chatbot.endBeforeStart(day, r.start));
    const prev = sorted[i - 1];
    if (prev && prev.weekday === r.weekday && minutes(r.start) < minutes(prev.end)) throw badRequest('ranges', messages.chatbot.overlap(day));
  }
  return sorted;
}
