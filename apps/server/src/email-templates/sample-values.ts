import type { TemplateKind } from '@hh/contract/team';
import { mergeFields } from '@hh/contract/team';
import { formatWhen } from '../lib/format-when.ts';

/** Example values for a preview or a test send: each merge field filled with something readable. */
export function sampleValues(kind: TemplateKind, clientName: string, publicUrl: string): Record<string, string> {
  const samples: Record<string, string> = {
    firstName: 'Alex',
    clientName,
    inviterName: 'Riley Recruiter',
    link: `${publicUrl}/`,
    // As the invitation mail writes it (invitations/send-invitation-mail.ts), not the machine's toUTCString().
    expiresAt: formatWhen(new Date(Date.now() + 7 * 86400_000), 'UTC'),
    jobTitle: 'Registered Nurse',
    reason: 'The video is too short.',
    message: 'We think your experience in pediatrics fits this team well.',
    candidateName: 'Jordan Candidate',
    candidateEmail: 'jordan.candidate@example.com',
    note: 'Call after the second interview.',
  };
  return Object.fromEntries(mergeFields[kind].map((f) => [f, samples[f] ?? f]));
}
