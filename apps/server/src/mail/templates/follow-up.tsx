import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface FollowUpMailData {
  candidateName: string;
  candidateEmail: string;
  note?: string | null;
  link: string;
}

/**
 * A follow-up reminder reaches the recruiter on its date. Ready for the CRM's follow-up job to send
 * through renderMail (so a client's "followUp" template applies).
 */
export const followUp = defineTemplate<FollowUpMailData>({
  subject: (d) => `Follow up: ${d.candidateName}`,
  preview: (d) => `Reminder: follow up with ${d.candidateName} today.`,
  text: (d) => `Reminder: follow up with ${d.candidateName} (${d.candidateEmail}) today.${d.note ? `\nNote: ${d.note}` : ''}\n\nOpen the candidate: ${d.link}`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>
        Reminder: follow up with <strong>{d.candidateName}</strong> ({d.candidateEmail}) today.
      </Text>
      {d.note ? <Text style={textStyle}>Note: {d.note}</Text> : null}
      <Button href={d.link} style={buttonStyle(b)}>
        Open the candidate
      </Button>
    </>
  ),
  clientTemplate: { kind: 'followUp', values: (d, b) => ({ clientName: b.name, ...d, note: d.note ?? '' }) },
});
