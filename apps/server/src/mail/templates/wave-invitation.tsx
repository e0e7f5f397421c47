import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

/** POST /api/create-edit-profiles/create: an employee is asked to record their Wave video profile. */
export const waveInvitation = defineTemplate<{ firstName: string | null; companyName: string; email: string; link: string }>({
  subject: (d) => `${d.companyName} invites you to record your Wave video profile`,
  preview: (d) => `${d.companyName} would like you to record a short video profile.`,
  text: (d) =>
    `${hello(d.firstName)}\n\n${d.companyName} would like you to record a short video profile that answers a few questions about your work.\n\nRecord it here: ${d.link}\n\nSign in with this email address (${d.email}).`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>{d.companyName} would like you to record a short video profile that answers a few questions about your work.</Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Record your Wave profile
      </Button>
      <Text style={textStyle}>Sign in with this email address ({d.email}).</Text>
    </>
  ),
});
