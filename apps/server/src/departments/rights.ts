import type { Need } from '../auth/access.ts';

/** Departments and categories are read by anyone with access to the client and changed by harvest editors. */
export const DEPARTMENT_WRITERS: Need = { product: 'harvest', level: 'editor' };
