import { createHmac, randomUUID } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Deps } from '../core/deps.ts';
import { interviewInterviewers, interviews } from '../db/schema/interviews.ts';
import { scheduledInterviews, schedulingLinks } from '../db/schema/scheduling.ts';
import { badRequest } from '../lib/app-error.ts';
import { hashSecret, tokenOf } from './link-token.ts';
import { loadApplication } from './load-link.ts';
import { schedulePageUrl } from './notify.ts';

/** How long a booking link made for a message offers times; one with less than REUSE_MIN_DAYS left is not reused. */
export const BOOKING_LINK_DAYS = 14;
const REUSE_MIN_DAYS = 7;

/**
 * The secret of a link made for a message: an HMAC of the link id under the server's signing secret,
 * so the next message to the same candidate can carry the same link. Only its hash is stored, as for
 * every link: the database alone cannot rebuild it.
 */
const derivedSecret = (jwtSecret: Uint8Array, clientId: string, linkId: string) =>
  Buffer.from(createHmac('sha256', jwtSecret).update(`booking-link:${clientId}:${linkId}`).digest().subarray(0, 24));

export interface BookingLinkInput {
  clientId: string;
  /** Who writes the message (the link's organiser); the caller has checked their right to write to the candidate. */
  actor: { id: string } | null;
  applicationId: string;
  /** The interview to book; without it, the first interview of the job's plan with interviewers that is not booked yet for the application. */
  interviewId?: string;
  /** Only find the interview (the preview): nothing is stored, `url` is null. */
  dryRun?: boolean;
}

/**
 * A self-scheduling link for the candidate of an application, made (or reused) without mailing it:
 * the conversations' booking-link merge field puts it in a message. A link of this kind still
 * unbooked, for the same interview, with at least a week of its window left is reused; otherwise a
 * new one offers the next two weeks. No interview to book, or no address for the invitation: a 400
 * naming the candidate and the problem.
 */
export async function bookingLinkFor(
  deps: Pick<Deps, 'db' | 'config'>,
  input: BookingLinkInput,
): Promise<{ url: string | null; interviewId: string; interviewName: string; reused: boolean }> {
  const { db, config } = deps;
  const { clientId } = input;
  const app = await loadApplication({ db }, { clientId, applicationId: input.applicationId });
  const name = app.candidateName || 'This candidate';
  const iv = await interviewToBook(deps, clientId, app.id, app.jobId, input.interviewId);
  if (!iv) throw badRequest('body', messages.scheduling.bookingLinkNoInterview(name, app.jobTitle));
  if (!app.email) throw badRequest('candidateIds', messages.scheduling.bookingLinkNoEmail(name));
  if (input.dryRun) return { url: null, interviewId: iv.id, interviewName: iv.name, reused: false };
  const now = new Date();
  const [open] = await db
    .select({ id: schedulingLinks.id })
    .from(schedulingLinks)
    .where(
      and(
        eq(schedulingLinks.clientId, clientId),
        eq(schedulingLinks.applicationId, app.id),
        eq(schedulingLinks.interviewId, iv.id),
        eq(schedulingLinks.secretDerived, true),
        isNull(schedulingLinks.bookedAt),
        isNull(schedulingLinks.proposedStarts),
        gt(schedulingLinks.expiresAt, new Date(now.getTime() + REUSE_MIN_DAYS * 86_400_000)),
      ),
    )
    .orderBy(desc(schedulingLinks.expiresAt))
    .limit(1);
  const linkId = open?.id ?? randomUUID();
  const secret = derivedSecret(config.jwtSecret, clientId, linkId);
  if (!open) {
    const windowEnd = new Date(now.getTime() + BOOKING_LINK_DAYS * 86_400_000);
    await db.transaction(async (tx) => {
      await tx.insert(schedulingLinks).values({
        clientId,
        id: linkId,
        applicationId: app.id,
        interviewId: iv.id,
        secretHash: hashSecret(secret),
        secretDerived: true,
        windowStart: now,
        windowEnd,
        expiresAt: windowEnd,
        createdBy: input.actor?.id ?? null,
      });
      await logActivity(tx, {
        actor: null,
        clientId,
        action: 'create',
        entity: 'scheduling-link',
        entityId: linkId,
        changes: { applicationId: app.id, interviewId: iv.id, windowDays: BOOKING_LINK_DAYS, via: 'message', by: input.actor?.id ?? null },
      });
    });
  }
  return { url: schedulePageUrl(config.publicUrl, tokenOf(clientId, linkId, secret)), interviewId: iv.id, interviewName: iv.name, reused: !!open };
}

/** The interview asked for (when it is in the job's plan), else the first of the plan with interviewers not yet booked (live) for the application. */
async function interviewToBook(deps: Pick<Deps, 'db'>, clientId: string, applicationId: string, jobId: string, interviewId?: string) {
  const plan = await deps.db
    .select({ id: interviews.id, name: interviews.name })
    .from(interviews)
    .where(and(eq(interviews.clientId, clientId), eq(interviews.jobId, jobId), interviewId ? eq(interviews.id, interviewId) : undefined))
    .orderBy(asc(interviews.position), asc(interviews.createdAt));
  if (!plan.length) return null;
  const ids = plan.map((p) => p.id);
  const staffed = new Set(
    (
      await deps.db
        .selectDistinct({ id: interviewInterviewers.interviewId })
        .from(interviewInterviewers)
        .where(and(eq(interviewInterviewers.clientId, clientId), inArray(interviewInterviewers.interviewId, ids)))
    ).map((r) => r.id),
  );
  const booked = new Set(
    (
      await deps.db
        .select({ id: scheduledInterviews.interviewId })
        .from(scheduledInterviews)
        .where(and(eq(scheduledInterviews.clientId, clientId), eq(scheduledInterviews.applicationId, applicationId), isNull(scheduledInterviews.cancelledAt)))
    ).map((r) => r.id),
  );
  return plan.find((p) => staffed.has(p.id) && !booked.has(p.id)) ?? null;
}
