import { messages } from '@hh/contract/messages';
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { applications } from '../db/schema/candidates.ts';
import { AppError } from '../lib/app-error.ts';
import { bookingLinkFor } from '../scheduling/index.ts';
import { type Composition, displayName, type Recipient } from './compose.ts';

/** Whether the message names the booking-link merge field (then each recipient gets a link of their own). */
export const usesBookingLink = (c: Pick<Composition, 'subject' | 'body'>) => /\{\{\s*bookingLink\s*\}\}/.test(`${c.subject ?? ''}\n${c.body}`);

/** A recipient's booking link: the URL (null in a dry run), the text a preview shows in its place, or the problem that stops it. */
export interface BookingLinkFill {
  url: string | null;
  previewText: string | null;
  problem: string | null;
}

/**
 * The booking link of one recipient, through scheduling's `bookingLinkFor`: for the candidate's
 * application to the message's job (without a job, their latest application), the first interview of
 * the job's plan not booked yet. With `dryRun` (the preview, the call's check before a bulk send)
 * nothing is stored. A candidate without such an application or interview gets the problem in words.
 */
export async function bookingLinkOf(
  deps: Pick<Deps, 'db' | 'config'>,
  c: Composition,
  r: Recipient,
  actorId: string | null,
  dryRun: boolean,
): Promise<BookingLinkFill> {
  const [app] = await deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.clientId, c.clientId), eq(applications.candidateId, r.id), c.jobId ? eq(applications.jobId, c.jobId) : undefined))
    .orderBy(desc(applications.createdAt))
    .limit(1);
  if (!app) return { url: null, previewText: null, problem: messages.scheduling.bookingLinkNoApplication(displayName(r), c.jobId ? c.jobTitle : null) };
  try {
    const link = await bookingLinkFor(deps, { clientId: c.clientId, actor: actorId ? { id: actorId } : null, applicationId: app.id, dryRun });
    return { url: link.url, previewText: messages.scheduling.bookingLinkPreview(link.interviewName), problem: null };
  } catch (e) {
    if (e instanceof AppError && e.status === 400) return { url: null, previewText: null, problem: e.message };
    throw e;
  }
}
