import { randomUUID } from 'node:crypto';
import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { candidates } from '../db/schema/candidates.ts';
import { chatbotBookingLinks, chatbotBookings } from '../db/schema/chatbot.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { newLinkToken } from '../scheduling/index.ts';
import { chatBookingUrl, writeChatBookingMails } from './booking-mail.ts';
import { readCandidateToken } from './candidate-token.ts';
import { chatClient } from './chat-client.ts';
import { currentSlots } from './list-chat-slots.ts';
import { whenLabel } from './slots.ts';

const uniqueViolation = (e: unknown): string | null => {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (x.code === '23505') return x.constraint ?? '';
  return null;
};

/**
 * POST /api/chatbot/public/book: books one of the times the chat offers for the candidate the chat
 * collected (the signed token). The booking is a row of chatbot_bookings (no interview plan is
 * involved, so the scheduling domain's links do not apply); its unique keys give one booking per time
 * and per candidate even when two visitors click at once. The candidate and the client's recruiters
 * get a confirmation with an .ics invitation (METHOD:REQUEST), written to the outbox in the booking's
 * transaction and delivered after it. The candidate's confirmation (and the reply, for the chat) carries
 * the link to reschedule or cancel (manage-chat-booking.ts): a random secret stored only as its hash.
 */
export const bookChatSlot: Operation<typeof r.book, 'db' | 'config' | 'mail' | 'storage'> = async (deps, input) => {
  const client = await chatClient(deps, input.nameSlug);
  const now = new Date();
  const candidateId = readCandidateToken(deps.config, { clientId: client.id, token: input.candidateToken });
  if (!candidateId) throw badRequest('candidateToken', messages.chatbot.tokenInvalid);
  const [candidate] = await deps.db
    .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
    .from(candidates)
    .where(and(eq(candidates.clientId, client.id), eq(candidates.id, candidateId)));
  if (!candidate) throw badRequest('candidateToken', messages.chatbot.tokenInvalid);
  const start = new Date(input.start);
  if (start.getTime() <= now.getTime()) throw badRequest('start', messages.chatbot.slotPast);
  const [already] = await deps.db
    .select()
    .from(chatbotBookings)
    .where(and(eq(chatbotBookings.clientId, client.id), eq(chatbotBookings.candidateId, candidate.id)));
  if (already) throw conflict('start', messages.chatbot.alreadyBooked(whenLabel(already.startsAt, already.timeZone)));
  const { timeZone, slots } = await currentSlots(deps.db, client, now);
  const slot = slots.find((s) => s.start.getTime() === start.getTime());
  if (!slot) throw conflict('start', messages.chatbot.slotNotOffered);
  const when = whenLabel(slot.start, timeZone);

  const bookingId = randomUUID();
  const { token, secretHash } = newLinkToken(client.id, bookingId);
  const manageUrl = chatBookingUrl(deps.config.publicUrl, token);
  let outboxIds: string[];
  try {
    outboxIds = await deps.db.transaction(async (tx) => {
      const [booking] = await tx
        .insert(chatbotBookings)
        .values({ clientId: client.id, id: bookingId, candidateId: candidate.id, startsAt: slot.start, endsAt: slot.end, timeZone })
        .returning();
      await tx.insert(chatbotBookingLinks).values({
        clientId: client.id,
        bookingId,
        candidateId: candidate.id,
        secretHash,
        startsAt: slot.start,
        endsAt: slot.end,
        timeZone,
      });
      return writeChatBookingMails(deps, tx, { client, booking: { ...booking, sequence: 0 }, candidate, change: 'booked', manageLink: manageUrl, now });
    });
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === null) throw err;
    throw conflict('start', c.includes('candidate') ? messages.chatbot.alreadyBooked(when) : messages.chatbot.slotTaken);
  }
  for (const id of outboxIds) await deps.mail.deliver(id);
  return { start: slot.start.toISOString(), end: slot.end.toISOString(), timeZone, when, message: messages.chatbot.booked(when), manageUrl };
};
