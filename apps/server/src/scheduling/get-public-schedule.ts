import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import type { Operation } from '../core/operation.ts';
import { AppError } from '../lib/app-error.ts';
import { loadBranding } from '../mail/index.ts';
import { isLive, linkOfToken, loadContext } from './load-link.ts';
import { offeredSlots } from './slots.ts';

/**
 * GET /api/scheduling/{token}: the booking page's view (whitelisted: the company, the job, the
 * interview, its length and the times offered now; no ids, no interviewers' names or addresses).
 * An unbooked link past its expiry is a 410; a booked one shows its time and, while the window is
 * open, the times it may move to.
 */
export const getPublicSchedule: Operation<typeof r.publicGet, 'db'> = async (deps, input) => {
  const link = await linkOfToken(deps.db, input.token);
  const ctx = await loadContext(deps.db, link);
  const now = new Date();
  const expired = link.expiresAt <= now;
  const state = isLive(ctx.scheduled) ? 'booked' : ctx.scheduled ? 'cancelled' : 'open';
  if (state === 'open' && expired) throw new AppError(410, 'scheduling', messages.scheduling.linkExpired);
  const slots = state === 'cancelled' || expired ? [] : await offeredSlots(deps.db, ctx, now, ctx.scheduled?.id);
  const branding = await loadBranding(deps, { clientId: link.clientId });
  return {
    companyName: branding.name,
    jobTitle: ctx.application.jobTitle,
    interviewName: ctx.interview.name,
    durationMinutes: ctx.interview.durationMinutes,
    state,
    expiresAt: link.expiresAt.toISOString(),
    booking: isLive(ctx.scheduled) ? { start: ctx.scheduled.startsAt.toISOString(), end: ctx.scheduled.endsAt.toISOString() } : null,
    slots: slots
      .filter((s) => !isLive(ctx.scheduled) || s.start.getTime() !== ctx.scheduled.startsAt.getTime())
      .map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })),
  };
};
