/** PostgreSQL unique_violation (23505), possibly wrapped by drizzle as the error's cause. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
