import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Config } from '../config.ts';

/**
 * The interview as an iCalendar invitation (ical-generator). Times are written in UTC (`Z`), which
 * every calendar converts to its reader's zone, so no VTIMEZONE is needed. The UID is the booked
 * interview's id, stable across reschedules (SEQUENCE rises), so calendars move or remove the
 * event they already have. METHOD:REQUEST for a booking or a move, METHOD:CANCEL for a cancel.
 */
export interface InvitationInput {
  uid: string;
  sequence: number;
  /** 'store' is the event as a calendar keeps it (a CalDAV object carries no METHOD). */
  method: 'request' | 'cancel' | 'store';
  start: Date;
  end: Date;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
}

export const interviewUid = (scheduledId: string, config: Pick<Config, 'publicUrl'>) => `${scheduledId}@${new URL(config.publicUrl).hostname}`;

/** The email address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
export const mailFromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export function buildInvitation(i: InvitationInput): string {
  const cal = ical({
    prodId: { company: 'Humanize Hiring', product: 'Scheduling', language: 'EN' },
    method: i.method === 'cancel' ? ICalCalendarMethod.CANCEL : i.method === 'request' ? ICalCalendarMethod.REQUEST : null,
  });
  cal.createEvent({
    id: i.uid,
    sequence: i.sequence,
    start: i.start,
    end: i.end,
    stamp: new Date(),
    summary: i.summary,
    description: i.description,
    organizer: i.organizer,
    status: i.method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: i.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      rsvp: i.method === 'request',
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
    })),
  });
  return cal.toString();
}
