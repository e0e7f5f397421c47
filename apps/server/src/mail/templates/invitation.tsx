import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface InvitationMailData {
  firstName: string | null;
  clientName: string;
  inviterName: string;
  link: string;
  /** When the link stops working: a date (or any date string) that the mail words for people. */
  expiresAt: string | Date;
}

/**
 * "Friday, December 4, 2026 at 9:29 AM UTC": the expiry for a person, not "Fri, 04 Dec 2026 09:29:48 GMT".
 * The reader's time zone is unknown, so the time is given in UTC and says so.
 */
export function humanExpiry(at: string | Date): string {
  // A Date, an ISO time or a machine date such as Date#toUTCString() ("… 09:29:48 GMT") is worded here;
  // any other text was already written for people and is kept.
  const machine = at instanceof Date || /^\d{4}-\d{2}-\d{2}T|\d{2}:\d{2}:\d{2} GMT$/.test(at);
  const d = at instanceof Date ? at : new Date(at);
  if (!machine || Number.isNaN(d.getTime())) return String(at);
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(d);
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(d);
  return `${day} at ${time} UTC`;
}

/** POST api/user-invitation/create (and resend): the single-use link to /user-invitation (decision 0040). */
export const invitation = defineTemplate<InvitationMailData>({
  subject: (d) => `${d.inviterName} invited you to ${d.clientName}`,
  preview: (d) => `Join ${d.clientName} on Humanize Hiring.`,
  text: (d) =>
    `${hello(d.firstName)}\n\n${d.inviterName} invited you to join ${d.clientName} on Humanize Hiring.\n\nAccept the invitation and choose your password here:\n${d.link}\n\nThe link can be used once and expires on ${humanExpiry(d.expiresAt)}.`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {d.inviterName} invited you to join <strong>{d.clientName}</strong> on Humanize Hiring.
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Accept the invitation
      </Button>
      <Text style={{ ...textStyle, marginTop: '14px' }}>The link can be used once and expires on {humanExpiry(d.expiresAt)}.</Text>
    </>
  ),
  clientTemplate: { kind: 'invitation', values: (d) => ({ ...d, expiresAt: humanExpiry(d.expiresAt) }) },
});
