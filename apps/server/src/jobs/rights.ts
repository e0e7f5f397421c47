import type { Need } from '../auth/access.ts';

/** Jobs and their planning are read by anyone with access to the client and changed by harvest editors (refused under the `auth` key). */
export const JOB_WRITERS: Need = { product: 'harvest', level: 'editor' };
