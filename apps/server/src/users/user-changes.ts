import type { User } from '@hh/contract/users';
import { redactChanges } from '../clients/index.ts';
import { diff } from '../core/activity-log.ts';

/** What changed between two serialised users, for the activity log (no password ever appears). */
export function userChanges(before: Partial<User>, after: User): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...a } = after;
  return redactChanges(diff(before as Record<string, unknown>, a));
}
