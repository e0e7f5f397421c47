import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { applicationRecipients } from '../applications/index.ts';
import type { Operation } from '../core/operation.ts';
import { candidates } from '../db/schema/candidates.ts';
import { chatbotBookings } from '../db/schema/chatbot.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { readCandidateToken } from './candidate-token.ts';
import { chatClient } from './chat-client.ts';
import { currentSlots } from './list-chat-slots.ts';
import { whenLabel } from './slots.ts';

const uniqueViolation = (e: unknown): string | null => {
  for (let x = e as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; x && i < 4; x = x.cause as typeof x, i++)
    if (x.code === '23505') return x.constraint ?? '';
  return null;
};
const mailFromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * POST /api/chatbot/public/book: books one of the times the chat offers for the candidate the chat
 * collected (the signed token). The booking is a row of chatbot_bookings (no interview plan is
 * involved, so the scheduling domain's links do not apply); its unique keys give one booking per time
 * and per candidate even when two visitors click at once. The candidate and the client's recruiters
 * get a confirmation with an .ics invitation (METHOD:REQUEST), written to the outbox in the booking's
 * transaction and delivered after it.
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
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();

  let outboxIds: string[];
  try {
    outboxIds = await deps.db.transaction(async (tx) => {
      const [booking] = await tx
        .insert(chatbotBookings)
        .values({ clientId: client.id, candidateId: candidate.id, startsAt: slot.start, endsAt: slot.end, timeZone })
        .returning();
      const branding = await loadBranding({ db: tx }, { clientId: client.id });
      const recruiters = await applicationRecipients({ db: tx }, client.id, {
        id: '',
        title: '',
        referenceNumber: '',
        recruiterEmail: null,
        recruitersAssigned: [],
      });
      const cal = ical({ prodId: { company: 'Humanize Hiring', product: 'Chatbot', language: 'EN' }, method: ICalCalendarMethod.REQUEST });
      cal.createEvent({
        id: `chatbot-${booking.id}@${new URL(deps.config.publicUrl).hostname}`,
        start: slot.start,
        end: slot.end,
        stamp: now,
        summary: `Interview: ${name} – ${client.name}`,
        description: `Interview booked through the ${client.name} career-site chat.`,
        organizer: { name: branding.name, email: mailFromAddress(deps.config.MAIL_FROM) },
        status: ICalEventStatus.CONFIRMED,
        attendees: [{ name, email: candidate.email }, ...recruiters.map((email) => ({ email }))].map((a) => ({
          ...a,
          rsvp: true,
          role: ICalAttendeeRole.REQ,
          status: ICalAttendeeStatus.NEEDSACTION,
        })),
      });
      const storageKey = `chatbot/${client.id}/${booking.id}.ics`;
      await deps.storage.put(storageKey, Buffer.from(cal.toString(), 'utf8'));
      const attachments = [{ filename: 'invite.ics', storageKey, contentType: 'text/calendar; charset=utf-8; method=REQUEST' }];
      const base = { kind: 'booked' as const, jobTitle: `${client.name} careers`, interviewName: 'Interview', when, manageLink: null };
      const ids: string[] = [];
      const toCandidate = await renderMail('interviewScheduled', { ...base, firstName: candidate.firstName, candidateName: null }, branding);
      ids.push(await deps.mail.send({ to: candidate.email, clientId: client.id, ...toCandidate, attachments }, tx));
      for (const to of recruiters) {
        const m = await renderMail(
          'interviewScheduled',
          {
            ...base,
            firstName: null,
            candidateName: name,
            // The profile link names the candidate's id, so erasing the candidate also removes this mail from the outbox.
            profileLink: `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${candidate.id}`,
          },
          branding,
        );
        ids.push(await deps.mail.send({ to, clientId: client.id, ...m, attachments }, tx));
      }
      return ids;
    });
  } catch (err) {
    const c = uniqueViolation(err);
    if (c === null) throw err;
    throw conflict('start', c.includes('candidate') ? messages.chatbot.alreadyBooked(when) : messages.chatbot.slotTaken);
  }
  for (const id of outboxIds) await deps.mail.deliver(id);
  return { start: slot.start.toISOString(), end: slot.end.toISOString(), timeZone, when, message: messages.chatbot.booked(when) };
};
