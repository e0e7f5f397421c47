/** What other domains may use: free times of a group of people (scheduling builds on it). */
export { type FreeSlotsInput, freeSlots, type Slot } from './free-slots.ts';
/** Writing booked interviews into a person's connected CalDAV calendar. */
export { type CalendarWrite, firstCalDavConnection, removeCalendarEvent, writeCalendarEvent } from './write-event.ts';
export { personTimeZone } from './person-time-zone.ts';
