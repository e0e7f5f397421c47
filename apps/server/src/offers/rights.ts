import type { Need } from '../auth/access.ts';

/**
 * Offers follow the candidate area's rights (docs/permissions.md "Candidates"): admins and recruiters
 * on the clients they manage; client staff by their harvest or cultivate role, whichever is higher.
 */
const either = (level: 'member' | 'editor'): Need => [
  { product: 'harvest', level },
  { product: 'cultivate', level },
];

/** Reading offers and templates, and approving (the approver must also be the chain's current one). */
export const OFFER_READERS = either('member');
/** Writing templates, writing and sending offers: editor or above (a letter goes out in the client's name). */
export const OFFER_WRITERS = either('editor');
