import { calendarRoutes as r } from '@hh/contract/calendars';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { connectCalendar } from './connect-calendar.ts';
import { discoverCalendars } from './discover-calendars.ts';
import { listBusy } from './list-busy.ts';
import { listConnections } from './list-connections.ts';
import { removeConnection } from './remove-connection.ts';
import { syncNow } from './sync-now.ts';
import { getWorkingHours, saveWorkingHours } from './working-hours.ts';

/** Calendars (docs/calendars.md): each user's own calendar connections, busy times and working hours. */
export default async function calendarRoutes(app: FastifyInstance) {
  route(app, r.listConnections, listConnections);
  route(app, r.discover, discoverCalendars);
  route(app, r.connect, connectCalendar);
  route(app, r.sync, syncNow);
  route(app, r.remove, removeConnection);
  route(app, r.busy, listBusy);
  route(app, r.workingHours, getWorkingHours);
  route(app, r.saveWorkingHours, saveWorkingHours);
}
