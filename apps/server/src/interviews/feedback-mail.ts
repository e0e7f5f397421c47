import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { loadBranding, renderMail } from '../mail/index.ts';

export const FEEDBACK_REMINDER_QUEUE = 'interviews-feedback-reminder';
/** A reminder goes out 24 h after the request, then every 24 h while the card is missing, at most this many times. */
export const REMINDER_HOURS = 24;
export const MAX_REMINDERS = 3;

/** The portal's scorecard form for one application and interview. */
export const scorecardLink = (publicUrl: string, applicationId: string, interviewId: string) => `${publicUrl}/interviews/${applicationId}/${interviewId}`;

/**
 * Writes the request (or reminder) mail to one interviewer into the outbox inside `tx`; the caller
 * delivers the returned outbox id after the transaction commits.
 */
export async function writeFeedbackMail(
  deps: Pick<Deps, 'mail' | 'config'>,
  tx: DbOrTx,
  d: {
    clientId: string;
    userId: string;
    applicationId: string;
    interviewId: string;
    interviewName: string;
    candidateName: string;
    jobTitle: string;
    reminder: boolean;
  },
): Promise<string | null> {
  const [u] = await tx
    .select({ email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(and(eq(users.id, d.userId)))
    .limit(1);
  if (u?.status !== 'Active') return null;
  const mail = await renderMail(
    'feedbackRequest',
    {
      interviewerFirstName: u.firstName,
      candidateName: d.candidateName,
      jobTitle: d.jobTitle,
      interviewName: d.interviewName,
      link: scorecardLink(deps.config.publicUrl, d.applicationId, d.interviewId),
      reminder: d.reminder,
    },
    await loadBranding({ db: tx }, { clientId: d.clientId, publicUrl: deps.config.publicUrl }),
  );
  return deps.mail.send({ to: u.email, clientId: d.clientId, ...mail }, tx);
}
