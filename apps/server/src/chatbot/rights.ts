import type { Need } from '../auth/access.ts';

/** The chatbot's availability is read by anyone with access to the client and changed by its managers (admins and recruiters who manage it). */
export const CHATBOT_READERS: Need = 'member';
export const CHATBOT_MANAGERS: Need = 'staff';
