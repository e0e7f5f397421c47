import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { candidates } from '../db/schema/candidates.ts';
import { chatbotBookingLinks, chatbotBookings } from '../db/schema/chatbot.ts';
import { clients } from '../db/schema/core.ts';
import { badRequest, conflict, notFound } from '../lib/app-error.ts';
import { parseLinkToken, secretMatches } from '../scheduling/index.ts';
import { chatBookingUrl, writeChatBookingMails } from './booking-mail.ts';
import { readAvailability, serializeAvailability } from './availability.ts';
import { currentSlots } from './list-chat-slots.ts';
import { whenLabel } from './slots.ts';

/**
 * The candidate's side of a chat booking, from the link in its confirmation (`/schedule/chat/{token}`):
 * the same kind of link as a scheduling link's (the client and booking ids with a random secret whose
 * SHA-256 alone is stored, `chatbot_booking_links`), the same page and the same replies. A changed
 * character, an unknown booking or one booked before these links existed answers 404. Until the
 * interview starts the candidate may move it to another time the chat offers (one booking per time,
 * held by chatbot_bookings' unique key: a time taken meanwhile is a 409) or cancel it (the booking row
 * is deleted, so its time is offered again and the candidate may book anew; the link's row stays and
 * says "cancelled"); everyone on it is mailed an updated .ics (the same UID, SEQUENCE raised;
 * METHOD:CANCEL for a cancel).
 */
const m = messages.chatbot;
const invalid = () => notFound('scheduling', m.bookingLinkInvalid);

/** The booking's link row and its client for a token (the row locked when `lock`), or 404. */
async function bookingOfToken(db: DbOrTx, token: string, lock: boolean) {
  const parsed = parseLinkToken(token);
  if (!parsed) throw invalid();
  const q = db
    .select()
    .from(chatbotBookingLinks)
    .where(and(eq(chatbotBookingLinks.clientId, parsed.clientId), eq(chatbotBookingLinks.bookingId, parsed.linkId)))
    .limit(1);
  const [booking] = lock ? await q.for('update') : await q;
  if (!booking || !secretMatches(parsed.secret, booking.secretHash)) throw invalid();
  const [client] = await db.select().from(clients).where(eq(clients.id, booking.clientId)).limit(1);
  if (!client) throw invalid();
  return { booking, client };
}

async function candidateOf(db: DbOrTx, clientId: string, candidateId: string) {
  const [c] = await db
    .select({ id: candidates.id, firstName: candidates.firstName, lastName: candidates.lastName, email: candidates.email })
    .from(candidates)
    .where(and(eq(candidates.clientId, clientId), eq(candidates.id, candidateId)))
    .limit(1);
  if (!c) throw invalid();
  return c;
}

const uniqueViolation = (e: unknown): boolean => {
  for (let x = e as { code?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++) if (x.code === '23505') return true;
  return false;
};

/** GET /api/chatbot/public/bookings/{token}: the booking page's view (whitelisted by publicSchedule: no ids, no names). */
export const getChatBooking: Operation<typeof r.booking, 'db'> = async (deps, input) => {
  const { booking, client } = await bookingOfToken(deps.db, input.token, false);
  const now = new Date();
  const a = serializeAvailability(client.id, await readAvailability(deps.db, client.id), client.timeZone);
  const live = !booking.cancelledAt && booking.startsAt > now;
  const slots = live ? (await currentSlots(deps.db, client, now)).slots : [];
  return {
    companyName: client.name,
    jobTitle: `${client.name} careers`,
    interviewName: 'Interview',
    durationMinutes: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000) || a.slotMinutes,
    state: booking.cancelledAt ? 'cancelled' : 'booked',
    // The link manages the booking until it starts.
    expiresAt: booking.startsAt.toISOString(),
    booking: booking.cancelledAt ? null : { start: booking.startsAt.toISOString(), end: booking.endsAt.toISOString() },
    slots: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
  };
};

type ChangeDeps = Pick<Deps, 'db' | 'config' | 'mail' | 'storage'>;

/** Runs a change of the booking in one transaction (row locked), then delivers its mails. */
async function change(deps: ChangeDeps, token: string, apply: (tx: DbOrTx, found: Awaited<ReturnType<typeof bookingOfToken>>, now: Date) => Promise<string[]>) {
  const now = new Date();
  const ids = await deps.db.transaction(async (tx) => {
    const found = await bookingOfToken(tx, token, true);
    if (found.booking.cancelledAt) throw conflict('scheduling', m.bookingCancelled);
    if (found.booking.startsAt <= now) throw conflict('scheduling', m.bookingOver);
    return apply(tx, found, now);
  });
  for (const id of ids) await deps.mail.deliver(id);
}

/** POST /api/chatbot/public/bookings/{token}/reschedule: moves the booking to another time the chat offers now. */
export const rescheduleChatBooking: Operation<typeof r.rescheduleBooking, 'db' | 'config' | 'mail' | 'storage'> = async (deps, input) => {
  const start = new Date(input.start);
  let when = '';
  let booked = { start: '', end: '' };
  try {
    await change(deps, input.token, async (tx, { booking, client }, now) => {
      if (start.getTime() <= now.getTime()) throw badRequest('start', m.slotPast);
      const { slots } = await currentSlots(tx, client, now);
      const slot = slots.find((s) => s.start.getTime() === start.getTime());
      if (!slot) throw conflict('start', m.slotNotOffered);
      // The booking row holds the time (its unique key settles a race for it); the link's row mirrors it.
      await tx
        .update(chatbotBookings)
        .set({ startsAt: slot.start, endsAt: slot.end })
        .where(and(eq(chatbotBookings.clientId, booking.clientId), eq(chatbotBookings.id, booking.bookingId)));
      const [moved] = await tx
        .update(chatbotBookingLinks)
        .set({ startsAt: slot.start, endsAt: slot.end, sequence: booking.sequence + 1, updatedAt: now })
        .where(and(eq(chatbotBookingLinks.clientId, booking.clientId), eq(chatbotBookingLinks.bookingId, booking.bookingId)))
        .returning();
      when = whenLabel(moved.startsAt, moved.timeZone);
      booked = { start: moved.startsAt.toISOString(), end: moved.endsAt.toISOString() };
      const candidate = await candidateOf(tx, client.id, booking.candidateId);
      return writeChatBookingMails(deps, tx, {
        client,
        booking: { ...moved, id: moved.bookingId },
        candidate,
        change: 'moved',
        manageLink: chatBookingUrl(deps.config.publicUrl, input.token),
        now,
      });
    });
  } catch (e) {
    if (uniqueViolation(e)) throw conflict('start', m.slotTaken);
    throw e;
  }
  return { message: m.rescheduled(when), booking: booked };
};

/** POST /api/chatbot/public/bookings/{token}/cancel: cancels the booking (until it starts); its time is offered again. */
export const cancelChatBooking: Operation<typeof r.cancelBooking, 'db' | 'config' | 'mail' | 'storage'> = async (deps, input) => {
  await change(deps, input.token, async (tx, { booking, client }, now) => {
    // The booking row goes (its time is offered again, the candidate may book anew); the link's row stays, cancelled.
    await tx.delete(chatbotBookings).where(and(eq(chatbotBookings.clientId, booking.clientId), eq(chatbotBookings.id, booking.bookingId)));
    const [cancelled] = await tx
      .update(chatbotBookingLinks)
      .set({ cancelledAt: now, sequence: booking.sequence + 1, updatedAt: now })
      .where(and(eq(chatbotBookingLinks.clientId, booking.clientId), eq(chatbotBookingLinks.bookingId, booking.bookingId)))
      .returning();
    const candidate = await candidateOf(tx, client.id, booking.candidateId);
    return writeChatBookingMails(deps, tx, {
      client,
      booking: { ...cancelled, id: cancelled.bookingId },
      candidate,
      change: 'cancelled',
      manageLink: null,
      now,
    });
  });
  return { message: m.cancelledThanks };
};
