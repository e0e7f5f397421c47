import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { canonicalJobUrl } from '../core/site-urls.ts';
import { recordCandidateEvent } from './events.ts';
import { loadCandidateRow } from './get-candidate.ts';
import { CANDIDATE_READERS } from './rights.ts';

/** `POST api/candidates/refer`: emails the candidate a link to one of the client's open jobs. */
export const referCandidate: Operation<typeof r.referCandidate, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates');
  const opts = { ...input, clientId: client.id };
  const c = await loadCandidateRow(deps.db, opts.clientId, opts.candidateId);
  const [job] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.id, opts.jobId), eq(jobs.status, 'open')))
    .limit(1);
  if (!job) throw notFound('jobId', messages.crm.jobNotFound);
  const url = canonicalJobUrl(job, client, deps.config.publicUrl);
  // The client's "referral" template replaces the product's text when the client has one (clients word their own mails; the merge values stay escaped).
  const mail = await renderMail(
    'referral',
    { firstName: c.firstName, jobTitle: job.title, link: url, message: opts.message ?? null },
    await loadBranding(deps, { clientId: opts.clientId, publicUrl: deps.config.publicUrl }),
  );
  let outboxId = '';
  await deps.db.transaction(async (tx) => {
    outboxId = await deps.mail.send({ to: c.email, clientId: opts.clientId, ...mail }, tx);
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: opts.clientId,
        candidateId: c.id,
        actor: opts.actor,
        type: 'referral',
        data: { jobId: job.id, jobTitle: job.title, url },
      },
    );
  });
  await deps.mail.deliver(outboxId);
  return { message: messages.recruiting.emailSentToCandidate };
};
