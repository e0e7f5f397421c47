import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface InterviewScheduledMailData {
  kind: 'booked' | 'moved' | 'cancelled' | 'reminder';
  firstName: string | null;
  /** The candidate's name (the interviewers' mail names them). */
  candidateName: string | null;
  jobTitle: string;
  interviewName: string;
  /** The time in words with its time zone (the candidate's zone for the candidate, the interviewer's for each interviewer). */
  when: string;
  /** The candidate's page to reschedule or cancel; null in the interviewers' mail. */
  manageLink: string | null;
  /** The candidate's profile in the portal (the interviewers' mail); null in the candidate's. */
  profileLink?: string | null;
}

const what = (d: InterviewScheduledMailData) => `${d.interviewName}${d.candidateName ? ` with ${d.candidateName}` : ''} (${d.jobTitle})`;
const lead = (d: InterviewScheduledMailData) =>
  d.kind === 'reminder'
    ? `A reminder: the interview ${what(d)} is on ${d.when}.`
    : d.kind === 'cancelled'
      ? `The interview ${what(d)} on ${d.when} is cancelled.`
      : d.kind === 'moved'
        ? `The interview ${what(d)} is moved to ${d.when}.`
        : `The interview ${what(d)} is booked for ${d.when}.`;

const SUBJECT = { booked: 'Booked', moved: 'Moved', cancelled: 'Cancelled', reminder: 'Reminder' } as const;
/** Whether the mail carries the .ics invitation (a reminder does not: the invitation came with the booking). */
const invites = (d: InterviewScheduledMailData) => d.kind === 'booked' || d.kind === 'moved';

/** Scheduling: a booked, moved or cancelled interview, or a reminder of it, with the .ics invitation attached (to the candidate and each interviewer). */
export const interviewScheduled = defineTemplate<InterviewScheduledMailData>({
  subject: (d, b) => `${SUBJECT[d.kind]}: ${d.interviewName} – ${b.name}, ${d.when}`,
  preview: (d) => lead(d),
  text: (d) =>
    `${hello(d.firstName)}\n\n${lead(d)}${invites(d) ? ' The calendar invitation is attached.' : ''}${
      d.manageLink && d.kind !== 'cancelled' ? `\n\nTo reschedule or cancel: ${d.manageLink}` : ''
    }${d.profileLink ? `\n\nThe candidate's profile: ${d.profileLink}` : ''}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {lead(d)}
        {invites(d) ? ' The calendar invitation is attached.' : ''}
      </Text>
      {d.manageLink && d.kind !== 'cancelled' ? (
        <Button href={d.manageLink} style={buttonStyle(b)}>
          Reschedule or cancel
        </Button>
      ) : null}
      {d.profileLink ? (
        <Text style={textStyle}>
          <a href={d.profileLink}>Open the candidate's profile</a>
        </Text>
      ) : null}
    </>
  ),
});
