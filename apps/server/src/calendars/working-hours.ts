import type { calendarRoutes as r } from '@hh/contract/calendars';
import { weekdayLabels } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { calendarWorkingHours } from '../db/schema/calendars.ts';
import { badRequest } from '../lib/app-error.ts';
import { CALENDAR_OWNERS } from './rights.ts';
import { loadWorkingHours } from './store.ts';
import { isTimeZone } from './time-zones.ts';

/** `GET /api/calendars/working-hours`: the caller's working hours here (`saved: false` with the defaults until saved). */
export const getWorkingHours: Operation<typeof r.workingHours, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  return loadWorkingHours(deps.db, client.id, input.actor.id);
};

/** `PUT /api/calendars/working-hours`: one row per user and client; each weekday once, a working day ending after it starts. */
export const saveWorkingHours: Operation<typeof r.saveWorkingHours, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  if (!isTimeZone(input.timeZone)) throw badRequest('timeZone', messages.calendars.unknownTimeZone);
  const days = [...input.days].sort((a, b) => a.weekday - b.weekday);
  if (days.some((d, i) => d.weekday !== i + 1)) throw badRequest('days', 'Give each weekday, Monday to Sunday, once');
  for (const d of days) if (d.on && d.end <= d.start) throw badRequest('days', messages.calendars.endBeforeStart(weekdayLabels[d.weekday]));
  const values = {
    timeZone: input.timeZone,
    days,
    bufferBeforeMinutes: input.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes,
    minimumNoticeMinutes: input.minimumNoticeMinutes,
    dailyMaximum: input.dailyMaximum,
    updatedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(calendarWorkingHours)
      .values({ clientId: client.id, userId: input.actor.id, ...values })
      .onConflictDoUpdate({ target: [calendarWorkingHours.clientId, calendarWorkingHours.userId], set: values });
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'update', entity: 'working-hours', entityId: input.actor.id });
  });
  const { updatedAt: _, ...saved } = values;
  return { ...saved, saved: true, message: messages.calendars.workingHoursSaved };
};
