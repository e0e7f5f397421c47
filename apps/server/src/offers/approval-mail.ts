import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { letterContext, type OfferRow } from './load-offer.ts';

/**
 * Writes the "your approval is needed" mail to the chain's current approver into the outbox inside
 * `tx` (on a new offer, after each approval while others remain, and to the first again when an edit
 * restarts the chain). The link opens the application in the portal, where the offer panel has Approve. The
 * caller delivers the returned outbox id after the transaction commits; null when the approver is
 * not an active user (nobody to tell).
 */
export async function writeApprovalMail(deps: Pick<Deps, 'mail' | 'config'>, tx: DbOrTx, offer: OfferRow, approverId: string): Promise<string | null> {
  const [u] = await tx
    .select({ email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(and(eq(users.id, approverId)))
    .limit(1);
  if (u?.status !== 'Active') return null;
  const ctx = await letterContext(tx, offer);
  const amount = Number(offer.salary).toLocaleString('en-US', { maximumFractionDigits: 2 });
  const mail = await renderMail(
    'offerApproval',
    {
      approverFirstName: u.firstName,
      candidateName: ctx.candidateName || ctx.candidateEmail,
      jobTitle: ctx.jobTitle,
      salary: `${amount} ${offer.currency}`,
      link: `${deps.config.publicUrl}/harvest/jobs/${offer.jobId}?candidate=${offer.candidateId}`,
    },
    await loadBranding({ db: tx }, { clientId: offer.clientId, publicUrl: deps.config.publicUrl }),
  );
  return deps.mail.send({ to: u.email, clientId: offer.clientId, ...mail }, tx);
}
