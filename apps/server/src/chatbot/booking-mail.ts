import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { applicationRecipients } from '../applications/index.ts';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { whenLabel } from './slots.ts';

const mailFromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** The candidate's page to reschedule or cancel a chat booking (a portal guest page beside the scheduling link's). */
export const chatBookingUrl = (publicUrl: string, token: string) => `${publicUrl}/schedule/chat/${encodeURIComponent(token)}`;

/**
 * Writes the mails about a chat booking in the caller's transaction: to the candidate (with the
 * reschedule/cancel link when the caller holds it) and to the client's recruiters (the people a new
 * application notifies), each with the .ics: METHOD:REQUEST for a booking or a move (the same UID,
 * SEQUENCE raised by each change), METHOD:CANCEL with STATUS:CANCELLED for a cancel. Returns the
 * outbox ids to deliver after the commit.
 */
export async function writeChatBookingMails(
  deps: Pick<Deps, 'config' | 'mail' | 'storage'>,
  tx: DbOrTx,
  input: {
    client: ClientRow;
    booking: { id: string; startsAt: Date; endsAt: Date; timeZone: string; sequence: number };
    candidate: { id: string; firstName: string; lastName: string; email: string };
    change: 'booked' | 'moved' | 'cancelled';
    manageLink: string | null;
    now: Date;
  },
): Promise<string[]> {
  const { client, booking, candidate } = input;
  const cancel = input.change === 'cancelled';
  const name = `${candidate.firstName} ${candidate.lastName}`.trim();
  const branding = await loadBranding({ db: tx }, { clientId: client.id });
  const recruiters = await applicationRecipients({ db: tx }, client.id, {
    id: '',
    title: '',
    referenceNumber: '',
    recruiterEmail: null,
    recruitersAssigned: [],
  });
  const cal = ical({
    prodId: { company: 'Humanize Hiring', product: 'Chatbot', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: `chatbot-${booking.id}@${new URL(deps.config.publicUrl).hostname}`,
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: input.now,
    summary: `Interview: ${name} – ${client.name}`,
    description: `Interview booked through the ${client.name} career-site chat.`,
    organizer: { name: branding.name, email: mailFromAddress(deps.config.MAIL_FROM) },
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: [{ name, email: candidate.email }, ...recruiters.map((email) => ({ email }))].map((a) => ({
      ...a,
      rsvp: !cancel,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  // The first booking's file keeps its name (erasure names it); each change stores its own version.
  const storageKey = `chatbot/${client.id}/${booking.id}${booking.sequence ? `-${booking.sequence}` : ''}${cancel ? '-cancel' : ''}.ics`;
  await deps.storage.put(storageKey, Buffer.from(cal.toString(), 'utf8'));
  const attachments = [
    {
      filename: cancel ? 'cancel.ics' : 'invite.ics',
      storageKey,
      contentType: `text/calendar; charset=utf-8; method=${cancel ? 'CANCEL' : 'REQUEST'}`,
    },
  ];
  const base = { kind: input.change, jobTitle: `${client.name} careers`, interviewName: 'Interview', when: whenLabel(booking.startsAt, booking.timeZone) };
  const ids: string[] = [];
  const toCandidate = await renderMail(
    'interviewScheduled',
    { ...base, firstName: candidate.firstName, candidateName: null, manageLink: input.manageLink },
    branding,
  );
  ids.push(await deps.mail.send({ to: candidate.email, clientId: client.id, ...toCandidate, attachments }, tx));
  for (const to of recruiters) {
    const m = await renderMail(
      'interviewScheduled',
      {
        ...base,
        firstName: null,
        candidateName: name,
        manageLink: null,
        // The profile link names the candidate's id, so erasing the candidate also removes this mail from the outbox.
        profileLink: `${deps.config.publicUrl}/harvest/cultivate/candidates?candidate=${candidate.id}`,
      },
      branding,
    );
    ids.push(await deps.mail.send({ to, clientId: client.id, ...m, attachments }, tx));
  }
  return ids;
}
