import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface FeedbackRequestMailData {
  interviewerFirstName?: string | null;
  candidateName: string;
  jobTitle: string;
  interviewName: string;
  /** The portal's scorecard form for this application and interview. */
  link: string;
  /** A reminder (sent while the scorecard is still missing 24 h later) rather than the first request. */
  reminder: boolean;
}

/** Asks an interviewer for their scorecard (interviews domain: feedback requests and their reminders). */
export const feedbackRequest = defineTemplate<FeedbackRequestMailData>({
  subject: (d) => `${d.reminder ? 'Reminder: scorecard' : 'Scorecard'} for ${d.candidateName} – ${d.interviewName}`,
  preview: (d) => `Your feedback on ${d.candidateName} (${d.jobTitle}) is ${d.reminder ? 'still missing' : 'requested'}.`,
  text: (d) =>
    `${hello(d.interviewerFirstName)}\n\n${
      d.reminder ? 'Your scorecard is still missing' : 'Please fill in your scorecard'
    } for ${d.candidateName}, ${d.interviewName} (${d.jobTitle}).\nThe other interviewers' feedback stays hidden from you until you submit yours.\n\nFill in the scorecard: ${d.link}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.interviewerFirstName)}</Text>
      <Text style={textStyle}>
        {d.reminder ? 'Your scorecard is still missing' : 'Please fill in your scorecard'} for <strong>{d.candidateName}</strong>, {d.interviewName} (
        {d.jobTitle}).
      </Text>
      <Text style={textStyle}>The other interviewers' feedback stays hidden from you until you submit yours.</Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Fill in the scorecard
      </Button>
    </>
  ),
});
