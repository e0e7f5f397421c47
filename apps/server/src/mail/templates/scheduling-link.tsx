import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate, hello } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

export interface SchedulingLinkMailData {
  firstName: string | null;
  jobTitle: string;
  interviewName: string;
  durationMinutes: number;
  /** The public booking page (the link's secret is in it). */
  link: string;
  /** The last day times are offered, in words. */
  until: string;
}

/** Scheduling: the candidate's self-scheduling link for one interview. */
export const schedulingLink = defineTemplate<SchedulingLinkMailData>({
  subject: (d, b) => `Choose a time for your interview with ${b.name}: ${d.interviewName}`,
  preview: (d) => `Pick a time for your ${d.durationMinutes}-minute ${d.interviewName} for ${d.jobTitle}.`,
  text: (d, b) =>
    `${hello(d.firstName)}\n\n${b.name} would like to invite you to a ${d.durationMinutes}-minute interview, ${d.interviewName}, for ${d.jobTitle}.\n\nChoose a time that suits you: ${d.link}\n\nTimes are offered until ${d.until}. You will get a calendar invitation once you have chosen.`,
  body: (d, b) => (
    <>
      <Text style={textStyle}>{hello(d.firstName)}</Text>
      <Text style={textStyle}>
        {b.name} would like to invite you to a {d.durationMinutes}-minute interview, <strong>{d.interviewName}</strong>, for {d.jobTitle}.
      </Text>
      <Button href={d.link} style={buttonStyle(b)}>
        Choose a time
      </Button>
      <Text style={textStyle}>Times are offered until {d.until}. You will get a calendar invitation once you have chosen.</Text>
    </>
  ),
});
