import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

/** PATCH /api/profiles/wave/update with status Rejected: the owner learns why and where to fix it. */
export const waveProfileRejected = defineTemplate<{ firstName: string | null; companyName: string; reason: string; link: string }>({
  subject: () => 'Your Wave profile needs changes',
  preview: (d) => `Your Wave profile for ${d.companyName} was not approved.`,
  text: (d) =>
    `${hello(d.firstName)}\n\nYour Wave profile for ${d.companyName} was not approved.\n\nReason: ${d.reason}\n\nYou can edit it and submit it again: ${d.link}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>Your Wave profile for {d.companyName} was not approved.</Text>
      <Text style={textStyle}>
        <strong>Reason:</strong> {d.reason}
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Edit your profile and submit it again
      </Button>
    </>
  ),
  clientTemplate: { kind: 'profileRejected', values: (d) => ({ firstName: d.firstName, clientName: d.companyName, reason: d.reason, link: d.link }) },
});
