import type { Need } from '../auth/access.ts';

/** Imports are listed by anyone with access to the client and started by harvest editors (refused under `auth`). */
export const IMPORT_WRITERS: Need = { product: 'harvest', level: 'editor' };
