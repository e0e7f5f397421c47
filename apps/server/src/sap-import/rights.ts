import type { Need } from '../auth/access.ts';

/** The SAP connection (its password included) and its imports are the client's managers' (admins and recruiters who manage it). */
export const SAP_MANAGERS: Need = 'staff';
