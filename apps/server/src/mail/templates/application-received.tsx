import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { textStyle } from '../layout.tsx';

/** The applicant's confirmation, in the client's branding (career site and Indeed Apply). */
export const applicationReceived = defineTemplate<{ firstName: string; jobTitle: string }>({
  subject: (d, b) => `${b.name}: we received your application for ${d.jobTitle}`,
  preview: (d) => `Thank you for applying for ${d.jobTitle}.`,
  text: (d, b) =>
    `Hello ${d.firstName},\n\nThank you for applying for ${d.jobTitle} at ${b.name}. We have received your application and will be in touch.\n\n${b.name}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>Hello {d.firstName},</Text>
      <Text style={textStyle}>
        Thank you for applying for <strong>{d.jobTitle}</strong> at {b.name}. We have received your application and will be in touch.
      </Text>
      <Text style={textStyle}>{b.name}</Text>
    </>
  ),
  clientTemplate: { kind: 'applicationReceived', values: (d, b) => ({ firstName: d.firstName, clientName: b.name, jobTitle: d.jobTitle }) },
});
