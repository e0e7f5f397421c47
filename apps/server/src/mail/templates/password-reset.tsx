import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

/** POST /api/password-reset/request: a single-use link, valid for one hour. */
export const passwordReset = defineTemplate<{ link: string }>({
  subject: () => 'Reset your password',
  preview: () => 'Set a new password (the link works once, for one hour).',
  text: ({ link }) =>
    `Someone asked to reset the password of your account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this email.`,
  body: ({ link }, b) => (
    <>
      <Text style={textStyle}>Someone asked to reset the password of your account.</Text>
      <Button href={link} style={buttonStyle(b)}>
        Set a new password
      </Button>
      <Text style={textStyle}>The link works once, for one hour.</Text>
      <Text style={textStyle}>If it was not you, ignore this email.</Text>
    </>
  ),
});
