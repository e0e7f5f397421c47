import { messages } from '@hh/contract/messages';
import type { pipelineRoutes as r } from '@hh/contract/pipeline';
import { and, desc, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { recordCandidateEvent } from '../crm/index.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { clients } from '../db/schema/core.ts';
import { jobs } from '../db/schema/jobs.ts';
import { rejectionEmails } from '../db/schema/pipeline.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { loadBranding, renderTemplateMail } from '../mail/index.ts';
import { PIPELINE_READERS } from './rights.ts';

export const REJECTION_EMAIL_QUEUE = 'pipeline-rejection-email';

type EmailRow = typeof rejectionEmails.$inferSelect;
const serialize = (x: EmailRow, candidateName: string) => ({
  _id: x.id,
  applicationId: x.applicationId,
  candidateId: x.candidateId,
  candidateName,
  toEmail: x.toEmail,
  subject: x.subject,
  sendAt: x.sendAt.toISOString(),
  status: x.status,
  sentAt: x.sentAt?.toISOString() ?? null,
  cancelledAt: x.cancelledAt?.toISOString() ?? null,
});

/** `GET /api/applications/rejection-emails`: the client's rejection emails, the next to go first. */
export const listRejectionEmails: Operation<typeof r.listRejectionEmails, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'rejectionEmails');
  const rows = await deps.db
    .select({ e: rejectionEmails, first: candidates.firstName, last: candidates.lastName })
    .from(rejectionEmails)
    .innerJoin(candidates, and(eq(candidates.clientId, rejectionEmails.clientId), eq(candidates.id, rejectionEmails.candidateId)))
    .where(and(eq(rejectionEmails.clientId, client.id), input.status ? eq(rejectionEmails.status, input.status) : undefined))
    .orderBy(sql`${rejectionEmails.status} = 'scheduled' DESC`, desc(rejectionEmails.sendAt))
    .limit(500);
  return { results: rows.map((x) => serialize(x.e, `${x.first} ${x.last}`.trim() || x.e.toEmail)) };
};

/** `POST /api/applications/rejection-emails/{id}/cancel`: stops a rejection email that has not gone yet. */
export const cancelRejectionEmail: Operation<typeof r.cancelRejectionEmail, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'rejectionEmails');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rejectionEmails)
      .where(and(eq(rejectionEmails.clientId, client.id), eq(rejectionEmails.id, input.id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('id', messages.pipeline.rejectionEmailNotFound);
    if (row.status !== 'scheduled') throw conflict('id', messages.pipeline.rejectionEmailAlready(row.status));
    const [done] = await tx
      .update(rejectionEmails)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(rejectionEmails.clientId, client.id), eq(rejectionEmails.id, row.id)))
      .returning();
    await logActivity(tx, {
      actor: input.actor ?? null,
      clientId: client.id,
      action: 'cancel',
      entity: 'rejection-email',
      entityId: row.id,
      changes: { to: row.toEmail },
    });
    const [c] = await tx
      .select({ first: candidates.firstName, last: candidates.lastName })
      .from(candidates)
      .where(and(eq(candidates.clientId, client.id), eq(candidates.id, row.candidateId)));
    return { ...serialize(done, `${c?.first ?? ''} ${c?.last ?? ''}`.trim() || row.toEmail), message: messages.pipeline.rejectionEmailCancelled };
  });
};

/**
 * The queue job: sends one scheduled rejection email at its time, once. A row cancelled (or whose
 * application was reopened) meanwhile is left alone; run early, it puts itself back for its time.
 */
export async function sendRejectionEmail(deps: Pick<Deps, 'db' | 'queue' | 'mail' | 'config'>, d: { clientId: string; id: string }) {
  const [e] = await deps.db
    .select()
    .from(rejectionEmails)
    .where(and(eq(rejectionEmails.clientId, d.clientId), eq(rejectionEmails.id, d.id), eq(rejectionEmails.status, 'scheduled')))
    .limit(1);
  if (!e) return;
  if (e.sendAt.getTime() > Date.now() + 1000) {
    if (deps.queue.boss) await deps.queue.send(REJECTION_EMAIL_QUEUE, d, { startAfter: e.sendAt });
    return;
  }
  const [ctx] = await deps.db
    .select({ first: candidates.firstName, last: candidates.lastName, jobTitle: jobs.title, clientName: clients.name })
    .from(applications)
    .innerJoin(candidates, and(eq(candidates.clientId, applications.clientId), eq(candidates.id, applications.candidateId)))
    .innerJoin(jobs, and(eq(jobs.clientId, applications.clientId), eq(jobs.id, applications.jobId)))
    .innerJoin(clients, eq(clients.id, applications.clientId))
    .where(and(eq(applications.clientId, e.clientId), eq(applications.id, e.applicationId)))
    .limit(1);
  if (!ctx) return;
  const mail = await renderTemplateMail(
    { subject: e.subject, emailValue: e.body },
    { firstName: ctx.first, lastName: ctx.last, jobTitle: ctx.jobTitle, clientName: ctx.clientName },
    await loadBranding(deps, { clientId: e.clientId, publicUrl: deps.config.publicUrl }),
    `Your application for ${ctx.jobTitle}`,
  );
  const outboxId = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(rejectionEmails)
      .set({ status: 'sent', sentAt: new Date() })
      .where(and(eq(rejectionEmails.clientId, e.clientId), eq(rejectionEmails.id, e.id), eq(rejectionEmails.status, 'scheduled')))
      .returning();
    if (!claimed) return null;
    const id = await deps.mail.send({ to: e.toEmail, clientId: e.clientId, ...mail }, tx);
    await recordCandidateEvent(
      { db: tx },
      {
        clientId: e.clientId,
        candidateId: e.candidateId,
        actor: null,
        type: 'email',
        data: { kind: 'rejection', to: e.toEmail, subject: mail.subject, applicationId: e.applicationId, outboxId: id },
      },
    );
    return id;
  });
  if (outboxId) await deps.mail.deliver(outboxId);
}
