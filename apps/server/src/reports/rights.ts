import type { Need } from '../auth/access.ts';

/**
 * Who may read reports: the client's staff, as for its candidates (admins and recruiters on the
 * clients they access; client staff with harvest or cultivate member or above). Reports list the
 * applications behind each figure, so they need the right to see those candidates.
 */
export const REPORT_READERS: Need = [
  { product: 'harvest', level: 'member' },
  { product: 'cultivate', level: 'member' },
];
