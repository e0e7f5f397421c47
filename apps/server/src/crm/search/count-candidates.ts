import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Up to this many matches the total is exact; past it the list says "about N" (`totalCountEstimated`).
 * Counting 190,000 "nurse" matches of a 400,000-candidate client means reading and testing every
 * one of their rows (6 s, bench/candidates); a person paging a list that long needs its size, not
 * its last digit. Decision 0540 (docs/decisions).
 */
export const EXACT_COUNT_UP_TO = 1000;

/** A plan node of EXPLAIN (FORMAT JSON); on Citus the top node is its custom scan, with each shard's plan inside. */
export interface PlanNode {
  'Plan Rows'?: number;
  'Distributed Query'?: { Job?: { Tasks?: Array<{ 'Remote Plan'?: Array<Array<{ Plan?: PlanNode }>> }> } };
}

/**
 * The rows a plan expects. A Citus custom scan says 0 for itself (its planner does not estimate): the
 * estimate is the sum of its tasks' own plans, which the workers made from their shards' statistics.
 */
export function planRows(plan: PlanNode | undefined): number {
  const tasks = plan?.['Distributed Query']?.Job?.Tasks;
  if (tasks?.length) return tasks.reduce((n, t) => n + planRows(t['Remote Plan']?.[0]?.[0]?.Plan), 0);
  return Number(plan?.['Plan Rows'] ?? 0);
}

/** The planner's estimate of the candidates matching `where` (EXPLAIN: no rows read). */
export async function estimateCandidates(db: Db, where: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM candidates WHERE ${where}`);
  return Math.round(planRows(plan.rows[0]?.['QUERY PLAN']?.[0]?.Plan));
}

/** The planner's estimate of the client's live candidates (not merged into another; no rows read). */
export async function estimateLiveCandidates(db: Db, clientId: string): Promise<number> {
  return estimateCandidates(db, sql`client_id = ${clientId} AND merged_into IS NULL`);
}

/**
 * A total from `n` matches read with a limit of EXACT_COUNT_UP_TO + 1: exact below the cap; at the cap
 * the larger of the two, estimated.
 */
export const cappedTotal = (n: number, estimate: number) =>
  n <= EXACT_COUNT_UP_TO ? { totalCount: n, estimated: false } : { totalCount: Math.max(n, estimate), estimated: true };

/**
 * The number of candidates matching `where`: the planner's estimate first; when it is small, an exact
 * count capped just past the limit, so that an underestimate costs at most EXACT_COUNT_UP_TO rows.
 */
export async function countCandidates(db: Db, where: SQL, estimate?: number): Promise<{ totalCount: number; estimated: boolean }> {
  const e = estimate ?? (await estimateCandidates(db, where));
  if (e > EXACT_COUNT_UP_TO) return { totalCount: e, estimated: true };
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM candidates WHERE ${where} LIMIT ${EXACT_COUNT_UP_TO + 1}) s`);
  return cappedTotal(r.rows[0].n, e);
}
