import type { User } from '@hh/contract/users';
import { redactChanges } from '../clients/client-values.ts';
import { diff } from '../activity/log-activity.ts';

/** What changed between two serialised users, for the activity log (no password ever appears). */
export function userChanges(before: Partial<User>, after: User): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...a } = after;
  return redactChanges(diff(before as Record<string, unknown>, a));
}
