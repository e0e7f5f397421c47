import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface ReferralMailData {
  firstName: string | null;
  jobTitle: string;
  link: string;
  /** The recruiter's note, if any. */
  message?: string | null;
}

/**
 * POST api/candidates/refer: a candidate is pointed to one of the client's open jobs. Ready for the
 * CRM to send through renderMail (so a client's "referral" template applies).
 */
export const referral = defineTemplate<ReferralMailData>({
  subject: (d, b) => `${b.name}: ${d.jobTitle}`,
  preview: (d, b) => `${b.name} thinks ${d.jobTitle} could be a good fit for you.`,
  text: (d, b) =>
    `${hello(d.firstName)}\n\n${b.name} thinks this job could be a good fit for you: ${d.jobTitle}.${d.message ? `\n\n${d.message}` : ''}\n\nSee the job and apply: ${d.link}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {b.name} thinks this job could be a good fit for you: <strong>{d.jobTitle}</strong>.
      </Text>
      {d.message ? <Text style={textStyle}>{d.message}</Text> : null}
      <Button href={d.link} style={buttonStyle(b)}>
        See the job and apply
      </Button>
    </>
  ),
  clientTemplate: {
    kind: 'referral',
    values: (d, b) => ({ firstName: d.firstName, clientName: b.name, jobTitle: d.jobTitle, link: d.link, message: d.message ?? '' }),
  },
});
