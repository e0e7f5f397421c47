import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface InvitationMailData {
  firstName: string | null;
  clientName: string;
  inviterName: string;
  link: string;
  /** Already formatted for the reader. */
  expiresAt: string;
}

/** POST api/user-invitation/create (and resend): the single-use link to /user-invitation (decision 0040). */
export const invitation = defineTemplate<InvitationMailData>({
  subject: (d) => `${d.inviterName} invited you to ${d.clientName}`,
  preview: (d) => `Join ${d.clientName} on Humanize Hiring.`,
  text: (d) =>
    `${hello(d.firstName)}\n\n${d.inviterName} invited you to join ${d.clientName} on Humanize Hiring.\n\nAccept the invitation and choose your password here:\n${d.link}\n\nThe link can be used once and expires on ${d.expiresAt}.`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {d.inviterName} invited you to join <strong>{d.clientName}</strong> on Humanize Hiring.
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Accept the invitation
      </Button>
      <Text style={{ ...textStyle, marginTop: '14px' }}>The link can be used once and expires on {d.expiresAt}.</Text>
    </>
  ),
  clientTemplate: { kind: 'invitation', values: (d) => ({ ...d }) },
});
