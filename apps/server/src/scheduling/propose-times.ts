import { messages } from '@hh/contract/messages';
import type { schedulingRoutes as r } from '@hh/contract/scheduling';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { interviewOfApplication, storeAndMailLink } from './create-scheduling-link.ts';
import { SCHEDULERS } from './rights.ts';
import { applicationSchedules } from './serialize-schedule.ts';
import { checkTimeZone, formatWhen, type Panel, panelSlotAt, panelSlots } from './slots.ts';

const panelOf = (people: { id: string; inPool: boolean }[]): Panel => ({
  required: people.filter((p) => !p.inPool).map((p) => p.id),
  pool: people.filter((p) => p.inPool).map((p) => p.id),
});

/** GET /api/applications/{id}/free-times: times over the next `days` when every required interviewer of the interview (and one of its pool) is free (to pick the ones to propose). */
export const listFreeTimes: Operation<typeof r.freeTimes, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const { iv, interviewers } = await interviewOfApplication(deps.db, client.id, input.id, input.interviewId);
  const now = new Date();
  const to = new Date(now.getTime() + input.days * 86_400_000);
  const slots = await panelSlots(deps.db, client.id, panelOf(interviewers), { from: now, to, durationMinutes: iv.durationMinutes, now });
  return { results: slots.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) };
};

/**
 * POST /api/applications/{id}/proposed-times: the hiring team proposes 3–5 times when every
 * interviewer is free (checked again now). The candidate gets one mail naming each time with its own
 * link; the link offers only those times while they stay free, and books through the same path as
 * any link (the link locked, the holds' exclusion constraint). It expires at the last time's end.
 */
export const proposeTimes: Operation<typeof r.propose, 'db' | 'mail' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SCHEDULERS, 'scheduling');
  const timeZone = checkTimeZone(input.timeZone);
  const { app, iv, interviewers } = await interviewOfApplication(deps.db, client.id, input.id, input.interviewId);
  const starts = input.starts.map((s) => new Date(s)).sort((a, b) => a.getTime() - b.getTime());
  if (new Set(starts.map((d) => d.getTime())).size !== starts.length) throw badRequest('starts', messages.scheduling.proposedTwice);
  const now = new Date();
  const panel = panelOf(interviewers);
  for (const start of starts) {
    if (start.getTime() <= now.getTime()) throw badRequest('starts', messages.scheduling.slotPast);
    if (!(await panelSlotAt(deps.db, client.id, panel, start, iv.durationMinutes, now)))
      throw badRequest('starts', messages.scheduling.proposedNotFree(formatWhen(start, timeZone)));
  }
  const last = starts[starts.length - 1];
  const linkId = await storeAndMailLink(deps, {
    clientId: client.id,
    actor: input.actor,
    app,
    iv,
    windowStart: now,
    windowEnd: new Date(last.getTime() + iv.durationMinutes * 60_000),
    proposed: { starts, timeZone },
    changes: { proposed: starts.map((d) => d.toISOString()) },
  });
  const [schedule] = await applicationSchedules(deps.db, client.id, app.id, [linkId]);
  return { message: messages.scheduling.timesProposed(starts.length, app.email), schedule };
};
