import { Text } from '@react-email/text';
import { defineTemplate } from '../define.ts';
import { textStyle } from '../layout.tsx';

interface NewApplication {
  candidate: { firstName: string; lastName: string; email: string; phoneNumber: string | null };
  /** The candidate had applied to this job before and sent it again. */
  updated: boolean;
  job: { title: string; referenceNumber: string };
  answers: Array<{ question: string; answer: string }>;
}

const headline = (d: NewApplication) =>
  `${d.candidate.firstName} ${d.candidate.lastName} ${d.updated ? 'updated their application' : 'applied'} for ${d.job.title} (${d.job.referenceNumber}).`;

/** A candidate applied on the career site: the job's recruiter gets the details, the resume attached. */
export const newApplication = defineTemplate<NewApplication>({
  subject: (d) => `New application: ${d.job.title}`,
  preview: headline,
  text: (d) =>
    [headline(d), '', `Email: ${d.candidate.email}`, `Phone: ${d.candidate.phoneNumber || '-'}`, ...d.answers.map((a) => `${a.question} ${a.answer}`)].join(
      '\n',
    ),
  body: (d) => (
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
      <Text style={textStyle}>The resume is attached.</Text>
    </>
  ),
});
