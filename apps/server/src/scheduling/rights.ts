import type { Need } from '../auth/access.ts';

/**
 * Rights to scheduling (docs/scheduling.md): sending a link and reading an application's scheduled
 * interviews is for the hiring team, the same people who ask for interview feedback (admins and
 * recruiters of the client, client staff with a harvest or cultivate role).
 */
export const SCHEDULERS: Need = [
  { product: 'harvest', level: 'member' },
  { product: 'cultivate', level: 'member' },
];
/** Any user of the client sees the interviews booked with them. */
export const INTERVIEWERS: Need = 'member';
