import type { Need } from '../auth/access.ts';

/**
 * Calendars belong to the person: any user of the client (recruiter, interviewer, admin) connects
 * their own calendars and sets their own working hours there; nobody reads another person's.
 */
export const CALENDAR_OWNERS: Need = 'member';
