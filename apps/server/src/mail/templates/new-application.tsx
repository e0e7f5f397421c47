import { Button } from '@react-email/button';
import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { buttonStyle, textStyle } from '../layout.tsx';

interface NewApplication {
  candidate: { firstName: string; lastName: string; email: string; phoneNumber: string | null };
  /** The candidate had applied to this job before and sent it again. */
  updated: boolean;
  job: { title: string; referenceNumber: string };
  answers: Array<{ question: string; answer: string }>;
  /** The candidate in the portal. */
  link: string;
  /** A resume is attached. */
  withResume: boolean;
}

const headline = (d: NewApplication) =>
  `${d.candidate.firstName} ${d.candidate.lastName} ${d.updated ? 'updated their application' : 'applied'} for ${d.job.title} (${d.job.referenceNumber}).`;

/** A candidate applied (career site or Indeed Apply): the job's recruiters get the details, the resume attached. */
export const newApplication = defineTemplate<NewApplication>({
  subject: (d) => `New application: ${d.job.title}`,
  preview: headline,
  text: (d) =>
    [
      headline(d),
      '',
      `Email: ${d.candidate.email}`,
      `Phone: ${d.candidate.phoneNumber || '-'}`,
      ...d.answers.map((a) => `${a.question} ${a.answer}`),
      '',
      `Open the application: ${d.link}`,
    ].join('\n'),
  body: (d, b) => (
    <>
      <Text style={textStyle}>{headline(d)}</Text>
      <Text style={textStyle}>
        Email: {d.candidate.email}
        <br />
        Phone: {d.candidate.phoneNumber || '-'}
      </Text>
      {d.answers.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: answers are a fixed list rendered once
        <Text key={i} style={textStyle}>
          <strong>{a.question}</strong> {a.answer}
        </Text>
      ))}
      {d.withResume ? <Text style={textStyle}>The resume is attached.</Text> : null}
      <Button href={d.link} style={buttonStyle(b)}>
        Open the application
      </Button>
    </>
  ),
});
