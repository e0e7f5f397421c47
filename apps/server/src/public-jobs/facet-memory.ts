import type { JobsSummary } from '@hh/contract/jobs';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import type { FillTicket } from '../plugins/page-cache.ts';
import { pageCacheOf } from '../plugins/session-cache.ts';

/**
 * The total and the facets of a job search, remembered per client, data version and filter
 * (docs/career-sites.md, "Search performance"). They depend on the filter only, not on the page or the
 * order, and counting them is most of a search over a large tenant (every open job of a 100,000-job
 * tenant for a search with no keyword and no place). A search whose filter was counted since the
 * client's jobs last changed reads only its page.
 *
 * Fresh by the page cache's own rules (plugins/page-cache.ts): its per-client version moves on every
 * notified change of the client's jobs, a count that overlapped a change is not kept, and nothing is
 * remembered while the page cache is not usable (its listener lost, or a Citus cluster).
 */
export interface Counted {
  total: number;
  facets: Array<{ k: keyof JobsSummary; v: string; l: string; n: number }>;
}

const memories = new WeakMap<Db, LRUCache<string, Counted>>();
/** Uses of remembered counts and counts made, per app (for tests and the bench). */
const statsByDb = new WeakMap<Db, { hits: number; misses: number }>();

export function facetStats(db: Db): { hits: number; misses: number } {
  let s = statsByDb.get(db);
  if (!s) statsByDb.set(db, (s = { hits: 0, misses: 0 }));
  return s;
}

function memoryOf(db: Db): LRUCache<string, Counted> {
  let m = memories.get(db);
  if (!m) memories.set(db, (m = new LRUCache<string, Counted>({ max: 5_000, ttl: 60_000 })));
  return m;
}

const keyOf = (t: FillTicket, filter: string) => `${t.clientId}\u0000${t.version}\u0000${t.epoch}\u0000${filter}`;

/** Taken before the search's reads: null when nothing may be remembered now. */
export function facetTicket(db: Db, clientId: string): FillTicket | null {
  const cache = pageCacheOf(db);
  return cache?.usable ? cache.ticket(clientId) : null;
}

export function knownFacets(db: Db, ticket: FillTicket | null, filter: string): Counted | undefined {
  const known = ticket ? memoryOf(db).get(keyOf(ticket, filter)) : undefined;
  facetStats(db)[known ? 'hits' : 'misses']++;
  return known;
}

/** Remembers a count, unless the client's jobs changed while it was read. */
export function rememberFacets(db: Db, ticket: FillTicket | null, filter: string, counted: Counted): void {
  if (!ticket) return;
  const now = facetTicket(db, ticket.clientId);
  if (now && now.version === ticket.version && now.epoch === ticket.epoch) memoryOf(db).set(keyOf(ticket, filter), counted);
}
