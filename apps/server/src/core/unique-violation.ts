/**
 * True when `err` (a pg error, possibly wrapped by drizzle as DrizzleQueryError.cause) is a
 * unique violation, optionally of one named constraint/index. Lets domain code turn a lost
 * race on a unique key into a 409 instead of a 500.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}
