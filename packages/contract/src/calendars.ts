import { z } from 'zod';
import { id, isoDate, urlField } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Calendars (docs/calendars.md): each signed-in user's calendar connections (CalDAV with an app
 * password, or an ICS feed address), the busy times read from them over the next 60 days, and the
 * user's working hours. Everything here is the caller's own, within the selected client.
 */
const tags = ['calendars'] as const;
const errors = SIGNED_IN_ERRORS;
const selectedClient = z.object({ clientId: id.optional() });

/** How far ahead busy times are read and kept. */
export const BUSY_HORIZON_DAYS = 60;
/** The largest ICS feed read, in bytes. */
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
/** Connections one user may have in one client. */
export const MAX_CONNECTIONS = 10;

export const CONNECTION_KINDS = ['caldav', 'ics'] as const;
export const connectionKind = z.enum(CONNECTION_KINDS);
export type ConnectionKind = z.infer<typeof connectionKind>;

/** `webcal://` is how calendar apps publish a feed: the same address over https. */
const feedUrl = z.preprocess((v) => (typeof v === 'string' ? v.trim().replace(/^webcals?:\/\//i, 'https://') : v), urlField({ max: 2000 }));

export const calendarConnection = z.object({
  id,
  kind: connectionKind,
  /** The calendar's name (CalDAV) or the feed's host (ICS). */
  name: z.string(),
  /** Where it is read from: the CalDAV server and user name, or the feed's host (a feed's full address is a secret). */
  source: z.string(),
  lastSyncedAt: isoDate.nullable(),
  lastAttemptAt: isoDate.nullable(),
  /** The last sync's problem in words; null when the last sync worked. */
  lastError: z.string().nullable(),
  busyCount: z.number().int(),
  createdAt: isoDate,
});
export type CalendarConnection = z.infer<typeof calendarConnection>;
export const connectionList = z.object({ results: z.array(calendarConnection), totalCount: z.number().int() });

const password = z.string().min(1, 'Enter the app password').max(500);
const username = z.string().trim().min(1, 'Enter the user name (usually your email address)').max(320);

export const discoverCalendarsRequest = selectedClient.extend({
  serverUrl: urlField({ max: 2000 }),
  username,
  password,
});
export const discoveredCalendar = z.object({ url: z.string(), name: z.string() });
export const discoverCalendarsReply = z.object({ calendars: z.array(discoveredCalendar) });

export const connectCalDavRequest = selectedClient.extend({
  kind: z.literal('caldav'),
  serverUrl: urlField({ max: 2000 }),
  username,
  password,
  /** One of the discovered calendars; the first one found when omitted. */
  calendarUrl: z.string().trim().max(2000).optional(),
});
export const connectIcsRequest = selectedClient.extend({
  kind: z.literal('ics'),
  url: feedUrl,
  name: z.string().trim().max(120).optional(),
});
export const connectCalendarRequest = z.discriminatedUnion('kind', [connectCalDavRequest, connectIcsRequest]);
export const connectionReply = calendarConnection.extend({ message: z.string() });

export const connectionParams = z.object({ id });
export const messageReply = z.object({ message: z.string() });

export const busyQuery = selectedClient.extend({ from: isoDate.optional(), to: isoDate.optional() });
export const busyInterval = z.object({ start: isoDate, end: isoDate, connectionId: id, calendarName: z.string() });
export const busyReply = z.object({ results: z.array(busyInterval), timeZone: z.string() });

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayLabels: Record<number, string> = { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' };
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM, such as 09:00');
export const workingDay = z.object({
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: z.number().int().min(1).max(7),
  on: z.boolean(),
  start: hhmm,
  end: hhmm,
});
export type WorkingDay = z.infer<typeof workingDay>;
export const workingHours = z.object({
  timeZone: z.string().trim().min(1, 'Choose a time zone').max(64),
  days: z.array(workingDay).length(7, 'Give the hours of all seven weekdays'),
  bufferBeforeMinutes: z
    .number({ message: 'Enter the buffer in minutes' })
    .int('Enter whole minutes')
    .min(0, 'A buffer cannot be negative')
    .max(240, 'Use at most 240 minutes'),
  bufferAfterMinutes: z
    .number({ message: 'Enter the buffer in minutes' })
    .int('Enter whole minutes')
    .min(0, 'A buffer cannot be negative')
    .max(240, 'Use at most 240 minutes'),
  minimumNoticeMinutes: z
    .number({ message: 'Enter the notice in minutes' })
    .int('Enter whole minutes')
    .min(0, 'The notice cannot be negative')
    .max(20160, 'Use at most 14 days (20160 minutes)'),
  dailyMaximum: z
    .number({ message: 'Enter a number of interviews' })
    .int('Enter a whole number')
    .min(1, 'Allow at least 1 interview a day')
    .max(24, 'Use at most 24'),
});
export type WorkingHours = z.infer<typeof workingHours>;
export const workingHoursReply = workingHours.extend({ saved: z.boolean() });
export const saveWorkingHoursRequest = selectedClient.extend(workingHours.shape);
export const saveWorkingHoursReply = workingHoursReply.extend({ message: z.string() });

export const calendarRoutes = {
  listConnections: defineRoute({ method: 'GET', path: '/api/calendars/connections', query: selectedClient, status: 200, reply: connectionList, errors, tags }),
  discover: defineRoute({
    method: 'POST',
    path: '/api/calendars/caldav/discover',
    body: discoverCalendarsRequest,
    status: 200,
    reply: discoverCalendarsReply,
    errors,
    tags,
    summary: 'Signs in to a CalDAV server and lists its calendars (nothing is stored)',
  }),
  connect: defineRoute({
    method: 'POST',
    path: '/api/calendars/connections',
    body: connectCalendarRequest,
    status: 201,
    reply: connectionReply,
    errors,
    tags,
    summary: 'Connects a CalDAV calendar or an ICS feed; it is read once before anything is stored',
  }),
  sync: defineRoute({
    method: 'POST',
    path: '/api/calendars/connections/:id/sync',
    params: connectionParams,
    body: selectedClient,
    status: 200,
    reply: connectionReply,
    errors,
    tags,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/calendars/connections/:id',
    params: connectionParams,
    query: selectedClient,
    status: 200,
    reply: messageReply,
    errors,
    tags,
  }),
  busy: defineRoute({ method: 'GET', path: '/api/calendars/busy', query: busyQuery, status: 200, reply: busyReply, errors, tags }),
  workingHours: defineRoute({
    method: 'GET',
    path: '/api/calendars/working-hours',
    query: selectedClient,
    status: 200,
    reply: workingHoursReply,
    errors,
    tags,
  }),
  saveWorkingHours: defineRoute({
    method: 'PUT',
    path: '/api/calendars/working-hours',
    body: saveWorkingHoursRequest,
    status: 200,
    reply: saveWorkingHoursReply,
    errors,
    tags,
  }),
};
