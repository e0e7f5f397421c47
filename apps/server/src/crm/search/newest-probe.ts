import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { EXACT_COUNT_UP_TO } from './count-candidates.ts';

/**
 * The newest-first probe (decision 0541). The default list is newest first, and when a search
 * matches many candidates (a common word near a city where the client recruits) its first page is
 * among the newest few thousand: reading them newest first and testing each one costs a few
 * milliseconds, where the planner, which cannot see how many match, may read every match through an
 * index and sort them (6,000 rows, 90 ms at 400,000 candidates). So the first pages of a filtered,
 * newest-first search walk the newest candidates, at most PROBE_ROWS of them, and stop at the last
 * row the page needs. When the page fills, it is exact (any other match is older), and the share of
 * the walked rows that matched, times the client's size, estimates the total. A client smaller than
 * the window is read whole and counted exactly. Otherwise (few matches) the normal query runs.
 */
export const PROBE_ROWS = 2500;
/** How far below the truth the planner's estimate of a search's matches was seen to be (657 for 4,343 in bench/candidates: 6.6 times). */
const UNDERESTIMATE = 7;

export interface ProbeResult {
  /** The page's ids, in order. */
  ids: string[];
  /** -1: not known from the probe (the caller counts). */
  totalCount: number;
  estimated: boolean;
}

export async function probeNewest(
  db: Db,
  opts: {
    clientId: string;
    where: SQL;
    /** The conditions of `where` on status, source and grid cell alone (candidateFilters), if any. */
    onIndex?: SQL | null;
    dir: 'asc' | 'desc';
    offset: number;
    pageSize: number;
    matchEstimate: number;
    /** The client's live candidates, from the planner (estimateLiveCandidates): a small client is read whole. */
    clientRows: number;
  },
): Promise<ProbeResult | null> {
  const d = opts.dir === 'asc' ? sql`ASC` : sql`DESC`;
  const need = opts.offset + opts.pageSize;
  // With conditions on status, source or grid cell, the walk reads the entries of
  // candidates_live_created_facets_idx (which hold those columns) and reads a row, to test the whole
  // condition, only when its entry passes them: a radius with facets reads about 3 % of the walked rows
  // instead of all of them (2,200 rows, 30 ms). `ok` is the whole condition either way: the entry's
  // test is part of it, and the row's test is all of it. (The row's test is a value read by key, not an
  // EXISTS: the planner turns an EXISTS into one search of every match, hashed.)
  const newest = opts.onIndex
    ? sql`SELECT w.id, w.created_at, (${opts.onIndex}) AND (SELECT (${opts.where}) FROM candidates
             WHERE client_id = ${opts.clientId} AND id = w.id) AS ok FROM candidates w
           WHERE w.client_id = ${opts.clientId} AND w.merged_into IS NULL ORDER BY w.created_at ${d}, w.id ${d} LIMIT ${PROBE_ROWS}`
    : sql`SELECT id, created_at, (${opts.where}) AS ok FROM candidates
           WHERE client_id = ${opts.clientId} AND merged_into IS NULL ORDER BY created_at ${d}, id ${d} LIMIT ${PROBE_ROWS}`;
  const planned = opts.clientRows;
  let hits: Array<{ id: string; n: number }>;
  let walked: number;
  if (planned <= PROBE_ROWS) {
    const r = await db.execute<{ id: string; ok: boolean }>(newest);
    // Fewer rows than the window: that was the whole client, and the total is exact.
    if (r.rows.length < PROBE_ROWS) {
      const all = r.rows.filter((x) => x.ok);
      return { ids: all.slice(opts.offset, need).map((x) => x.id), totalCount: all.length, estimated: false };
    }
    hits = r.rows.flatMap((x, i) => (x.ok ? [{ id: x.id, n: i + 1 }] : [])).slice(0, need);
    walked = hits.length === need ? hits[need - 1].n : PROBE_ROWS;
  } else if (opts.matchEstimate * UNDERESTIMATE < (need / PROBE_ROWS) * planned) {
    // Even UNDERESTIMATE times the planner's estimate would not fill the page within the window: no walk.
    return null;
  } else {
    // Rows are numbered as they are walked; the walk stops at the page's last match.
    const r = await db.execute<{ id: string; n: number }>(sql`
      SELECT id, n::int FROM (SELECT id, ok, row_number() OVER (ORDER BY created_at ${d}, id ${d}) AS n FROM (${newest}) w) x
       WHERE ok LIMIT ${need}`);
    hits = r.rows;
    walked = hits.length === need ? hits[need - 1].n : PROBE_ROWS;
  }
  if (hits.length < need) return null;
  const clientRows = Math.max(planned, PROBE_ROWS);
  const estimate = Math.round((need / walked) * clientRows);
  const ids = hits.slice(opts.offset).map((x) => x.id);
  return estimate > EXACT_COUNT_UP_TO ? { ids, totalCount: estimate, estimated: true } : { ids, totalCount: -1, estimated: false };
}
