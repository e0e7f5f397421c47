import type { calendarRoutes as r } from '@hh/contract/calendars';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { discoverCalDav } from './remote.ts';
import { CALENDAR_OWNERS } from './rights.ts';

/** `POST /api/calendars/caldav/discover`: signs in to the CalDAV server and lists its calendars; stores nothing. */
export const discoverCalendars: Operation<typeof r.discover, 'db' | 'config' | 'log'> = async (deps, input) => {
  await requireClient(deps, input.actor, input.clientId, CALENDAR_OWNERS, 'calendars');
  const calendars = await discoverCalDav(deps, { serverUrl: input.serverUrl, username: input.username, password: input.password });
  return { calendars };
};
