import type { Need } from '../auth/access.ts';

/**
 * Rights to candidates (docs/permissions.md "Candidates"): admins and recruiters on the clients they
 * access now; client staff of the client by their harvest or cultivate role (the candidate area lives
 * under harvest, requisitions under cultivate), whichever is higher.
 */
const either = (level: 'member' | 'editor' | 'admin'): Need => [
  { product: 'harvest', level },
  { product: 'cultivate', level },
];

/** Reading and working with the client's candidates: member or above. */
export const CANDIDATE_READERS = either('member');
/**
 * Changing the client's shared CRM settings (the pipeline), merging candidates, forwarding a profile
 * (personal data to addresses the sender chooses), exporting a candidate's data: editor or above.
 */
export const CANDIDATE_EDITORS = either('editor');
/**
 * Sending a campaign to a whole list (mail in the client's name to many people at once, which cannot
 * be called back, like publishing the career site), erasing a candidate, the client's privacy
 * settings: admin. Members and editors write drafts and send themselves a test.
 */
export const CANDIDATE_ADMINS = either('admin');
