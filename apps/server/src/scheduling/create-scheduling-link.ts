import { randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { interviews } from '../db/schema/interviews.ts';
import { schedulingLinks } from '../db/schema/scheduling.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { loadBranding, renderMail } from '../mail/index.ts';
import { newLinkToken } from './link-token.ts';
import { loadApplication, loadInterviewers } from './load-link.ts';
import { schedulePageUrl } from './notify.ts';
import { SCHEDULERS } from './rights.ts';
import { formatWhen } from './slots.ts';
import { applicationSchedules } from './serialize-schedule.ts';

/**
 * POST /api/applications/{id}/scheduling-links: the hiring team sends the candidate a link to book
 * one interview of the job's plan, with times over the next `windowDays` days when every interviewer
 * is free. The link (only its hash is stored) expires at the window's end and books once. The mail
 * is written in the transaction that stores the link and delivered once it commits.
 */
export const createSchedulingLink: Operation<typeof r.createLink, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const { app, iv } = await interviewOfApplication(deps.db, client.id, input.id, input.interviewId);
  const now = new Date();
  const windowEnd = new Date(now.getTime() + input.windowDays * 86_400_000);
  const linkId = await storeAndMailLink(deps, {
    clientId: client.id,
    actor: input.actor,
    app,
    iv,
    windowStart: now,
    windowEnd,
    proposed: null,
    changes: { windowDays: input.windowDays },
  });
  const [schedule] = await applicationSchedules(deps.db, client.id, app.id, [linkId]);
  return { message: messages.scheduling.linkSent(app.email), schedule };
};

/** The application and one interview of its job's plan that has interviewers, and the candidate's address; else 404 or 400 naming the problem. */
export async function interviewOfApplication(db: DbOrTx, clientId: string, applicationId: string, interviewId: string) {
  const app = await loadApplication({ db: db }, { clientId: clientId, applicationId: applicationId });
  const [iv] = await db
    .select({ id: interviews.id, name: interviews.name, durationMinutes: interviews.durationMinutes })
    .from(interviews)
    .where(and(eq(interviews.clientId, clientId), eq(interviews.id, interviewId), eq(interviews.jobId, app.jobId)))
    .limit(1);
  if (!iv) throw notFound('interviewId', messages.scheduling.interviewNotFound);
  const interviewers = await loadInterviewers(db, clientId, [iv.id]);
  if (!interviewers.length) throw badRequest('interviewId', messages.scheduling.noInterviewers);
  if (!app.email) throw badRequest('scheduling', messages.scheduling.noCandidateEmail);
  return { app, iv, interviewers };
}

/**
 * Stores a link (only its hash) and mails the candidate in one transaction; the mail is delivered
 * once it commits. With `proposed`, the link offers only those times and the mail names each one
 * with its own link (the booking page opens with that time chosen).
 */
export async function storeAndMailLink(
  deps: Pick<Deps, 'db' | 'mail' | 'config'>,
  input: {
    clientId: string;
    actor: Actor;
    app: { id: string; firstName: string | null; email: string; jobTitle: string };
    iv: { id: string; name: string; durationMinutes: number };
    windowStart: Date;
    windowEnd: Date;
    proposed: { starts: Date[]; timeZone: string } | null;
    changes: Record<string, unknown>;
  },
): Promise<string> {
  const { clientId, app, iv } = input;
  const linkId = randomUUID();
  const { token, secretHash } = newLinkToken(clientId, linkId);
  const page = schedulePageUrl(deps.config.publicUrl, token);
  const outboxId = await deps.db.transaction(async (tx) => {
    await tx.insert(schedulingLinks).values({
      clientId,
      id: linkId,
      applicationId: app.id,
      interviewId: iv.id,
      secretHash,
      windowStart: input.windowStart,
      windowEnd: input.windowEnd,
      expiresAt: input.windowEnd,
      createdBy: input.actor.id,
      proposedStarts: input.proposed ? input.proposed.starts.map((d) => d.toISOString()) : null,
    });
    const proposed = input.proposed;
    const mail = await renderMail(
      'schedulingLink',
      {
        firstName: app.firstName || null,
        jobTitle: app.jobTitle,
        interviewName: iv.name,
        durationMinutes: iv.durationMinutes,
        link: page,
        until: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(input.windowEnd),
        proposed: proposed
          ? [...proposed.starts]
              .sort((a, b) => a.getTime() - b.getTime())
              .map((d) => ({ label: formatWhen(d, proposed.timeZone), link: `${page}?time=${encodeURIComponent(d.toISOString())}` }))
          : null,
      },
      await loadBranding({ db: tx }, { clientId }),
    );
    const id = await deps.mail.send({ to: app.email, clientId, ...mail }, tx);
    await logActivity(tx, {
      actor: input.actor,
      clientId,
      action: 'create',
      entity: 'scheduling-link',
      entityId: linkId,
      changes: { applicationId: app.id, interviewId: iv.id, ...input.changes },
    });
    return id;
  });
  await deps.mail.deliver(outboxId);
  return linkId;
}
