import { randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { interviews } from '../db/schema/interviews.ts';
import { schedulingLinks } from '../db/schema/scheduling.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { newLinkToken } from './link-token.ts';
import { loadApplication, loadInterviewers } from './load-link.ts';
import { schedulePageUrl } from './notify.ts';
import { SCHEDULERS } from './rights.ts';
import { applicationSchedules } from './serialize-schedule.ts';

/**
 * POST /api/applications/{id}/scheduling-links: the hiring team sends the candidate a link to book
 * one interview of the job's plan, with times over the next `windowDays` days when every interviewer
 * is free. The link (only its hash is stored) expires at the window's end and books once. The mail
 * is written in the transaction that stores the link and delivered once it commits.
 */
export const createSchedulingLink: Operation<typeof r.createLink, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const app = await loadApplication(deps.db, client.id, input.id);
  const [iv] = await deps.db
    .select({ id: interviews.id, name: interviews.name, durationMinutes: interviews.durationMinutes })
    .from(interviews)
    .where(and(eq(interviews.clientId, client.id), eq(interviews.id, input.interviewId), eq(interviews.jobId, app.jobId)))
    .limit(1);
  if (!iv) throw notFound('interviewId', messages.scheduling.interviewNotFound);
  if (!(await loadInterviewers(deps.db, client.id, [iv.id])).length) throw badRequest('interviewId', messages.scheduling.noInterviewers);
  if (!app.email) throw badRequest('scheduling', messages.scheduling.noCandidateEmail);
  const now = new Date();
  const windowEnd = new Date(now.getTime() + input.windowDays * 86_400_000);
  const linkId = randomUUID();
  const { token, secretHash } = newLinkToken(client.id, linkId);

  const outboxId = await deps.db.transaction(async (tx) => {
    await tx.insert(schedulingLinks).values({
      clientId: client.id,
      id: linkId,
      applicationId: app.id,
      interviewId: iv.id,
      secretHash,
      windowStart: now,
      windowEnd,
      expiresAt: windowEnd,
      createdBy: input.actor.id,
    });
    const mail = await renderMail(
      'schedulingLink',
      {
        firstName: app.firstName || null,
        jobTitle: app.jobTitle,
        interviewName: iv.name,
        durationMinutes: iv.durationMinutes,
        link: schedulePageUrl(deps.config.publicUrl, token),
        until: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(windowEnd),
      },
      await loadBranding({ db: tx }, { clientId: client.id }),
    );
    const id = await deps.mail.send({ to: app.email, clientId: client.id, ...mail }, tx);
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'create',
      entity: 'scheduling-link',
      entityId: linkId,
      changes: { applicationId: app.id, interviewId: iv.id, windowDays: input.windowDays },
    });
    return id;
  });
  await deps.mail.deliver(outboxId);
  const [schedule] = await applicationSchedules(deps.db, client.id, app.id, [linkId]);
  return { message: messages.scheduling.linkSent(app.email), schedule };
};
