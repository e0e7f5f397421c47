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
  /** Times the recruiter proposed (in words, each with its own link to the booking page with that time chosen); absent for a plain link. */
  proposed?: { label: string; link: string }[] | null;
}

const proposedText = (d: SchedulingLinkMailData) => (d.proposed ?? []).map((p) => `- ${p.label}: ${p.link}`).join('\n');

/** Scheduling: the candidate's self-scheduling link for one interview, or the few times the recruiter proposes. */
export const schedulingLink = defineTemplate<SchedulingLinkMailData>({
  subject: (d, b) =>
    d.proposed?.length
      ? `Proposed times for your interview with ${b.name}: ${d.interviewName}`
      : `Choose a time for your interview with ${b.name}: ${d.interviewName}`,
  preview: (d) => `Pick a time for your ${d.durationMinutes}-minute ${d.interviewName} for ${d.jobTitle}.`,
  text: (d, b) =>
    d.proposed?.length
      ? `${hello(d.firstName)}\n\n${b.name} would like to invite you to a ${d.durationMinutes}-minute interview, ${d.interviewName}, for ${d.jobTitle}. These times are free; open the one that suits you to book it:\n\n${proposedText(d)}\n\nAll the times: ${d.link}\n\nYou will get a calendar invitation once you have chosen.`
      : `${hello(d.firstName)}\n\n${b.name} would like to invite you to a ${d.durationMinutes}-minute interview, ${d.interviewName}, for ${d.jobTitle}.\n\nChoose a time that suits you: ${d.link}\n\nTimes are offered until ${d.until}. You will get a calendar invitation once you have chosen.`,
  body: (d, b) =>
    d.proposed?.length ? (
      <>
        <Text style={textStyle}>{hello(d.firstName)}</Text>
        <Text style={textStyle}>
          {b.name} would like to invite you to a {d.durationMinutes}-minute interview, <strong>{d.interviewName}</strong>, for {d.jobTitle}. These times are
          free; choose the one that suits you to book it:
        </Text>
        {d.proposed.map((p) => (
          <Text key={p.link} style={textStyle}>
            <a href={p.link}>{p.label}</a>
          </Text>
        ))}
        <Text style={textStyle}>You will get a calendar invitation once you have chosen.</Text>
      </>
    ) : (
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
