import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Up to this many matches the total is exact; past it the list says "about N" (`totalCountEstimated`).
 * Counting 190,000 "nurse" matches of a 400,000-candidate client means reading and testing every
 * one of their rows (6 s, bench/candidates); a person paging a list that long needs its size, not
 * its last digit. Decision 0540 (docs/decisions).
 */
export const EXACT_COUNT_UP_TO = 1000;

/**
 * The number of candidates matching `where`: the planner's estimate first (no rows read); when it
 * is small, an exact count capped just past the limit, so that an underestimate costs at most
 * EXACT_COUNT_UP_TO rows; a count that reaches the cap is reported as the larger of the two, estimated.
 */
export async function countCandidates(db: Db, where: SQL): Promise<{ totalCount: number; estimated: boolean }> {
  const plan = await db.execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM candidates WHERE ${where}`);
  const estimate = Math.round(Number(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
  if (estimate > EXACT_COUNT_UP_TO) return { totalCount: estimate, estimated: true };
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM candidates WHERE ${where} LIMIT ${EXACT_COUNT_UP_TO + 1}) s`);
  const n = r.rows[0].n;
  if (n <= EXACT_COUNT_UP_TO) return { totalCount: n, estimated: false };
  return { totalCount: Math.max(n, estimate), estimated: true };
}
