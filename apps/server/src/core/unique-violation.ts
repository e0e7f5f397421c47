/**
 * True when `err` (a pg error, possibly wrapped by drizzle as DrizzleQueryError.cause) is a
 * unique violation, optionally of one named constraint/index. Lets domain code turn a lost
 * race on a unique key into a 409 instead of a 500.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return constraint === undefined || sameConstraint(e.constraint, constraint);
  }
  return false;
}

/**
 * On a Citus cluster the error names the shard's copy of the index (`offers_application_key_102008`
 * for `offers_application_key`), or, relayed from a worker by the coordinator, names none at all
 * (only its `detail`, "Key (client_id, application_id)=… already exists"). A missing name is taken
 * as a match: the keys the callers name are the only unique keys their writes can break besides
 * random uuid primary keys.
 */
function sameConstraint(reported: string | undefined, name: string): boolean {
  if (reported === undefined) return true;
  return reported === name || (reported.startsWith(`${name}_`) && /^\d+$/.test(reported.slice(name.length + 1)));
}
