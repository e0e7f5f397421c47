import type { Need } from '../auth/access.ts';

/**
 * Who manages a client's users and invitations (docs/permissions.md "Create users"): global admins
 * and recruiters on the clients they access now. Operations check `requireRight(actor,
 * INVITATION_MANAGERS, 'auth')` before `requireClient(…, 'invitations')`: client staff get a 403
 * under `auth`, which the portal answers by logging out (recruiting spec §6), before any client is
 * looked up; another tenant's client is a 404.
 */
export const INVITATION_MANAGERS: Need = 'staff';
