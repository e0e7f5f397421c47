import type { Need } from '../auth/access.ts';

/**
 * Rights to applications (docs/pipeline.md, docs/permissions.md "Candidates"): the same as the CRM's,
 * since an application is a candidate's: admins and recruiters on the clients they access; client staff
 * by their harvest or cultivate role, whichever is higher.
 */
const either = (level: 'member' | 'editor' | 'admin'): Need => [
  { product: 'harvest', level },
  { product: 'cultivate', level },
];

/** Reading applications and moving them (stage, reject, withdraw, reopen): member or above. */
export const PIPELINE_READERS = either('member');
/** Changing a job's stages, the client's pipeline templates and rejection reasons (shared settings): editor or above. */
export const PIPELINE_EDITORS = either('editor');
