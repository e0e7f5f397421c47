import type { JobsSummary } from '@hh/contract/jobs';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import type { FillTicket } from '../plugins/page-cache.ts';
import { pageCacheOf } from '../plugins/session-cache.ts';

/**
 * What a job search counted and ranked, remembered per client, data version and filter
 * (docs/career-sites.md, "Search performance"):
 * - the total and the facets, which depend on the filter only, not on the page or the order: counting
 *   them is most of a search over a large tenant (every open job of a 100,000-job tenant for a search
 *   with no keyword and no place);
 * - the first RANKED_IDS ids in each order, so that another visitor's first ten pages of a keyword
 *   search read twenty jobs by id instead of ranking every match again.
 *
 * Fresh by the page cache's own rules (plugins/page-cache.ts): its per-client version moves on every
 * notified change of the client's jobs, a count that overlapped a change is not kept, and nothing is
 * remembered while the page cache is not usable (its listener lost, or a Citus cluster).
 *
 * After a change, a large filter (at least PROVISIONAL_MIN_MATCHES matches when last counted) is not
 * counted again on the visitor's request: for up to PROVISIONAL_MS after the change the previous count
 * and ranking answer, and one recount runs in the background. Rows are always read fresh (a closed job
 * leaves the page at once); only the total, the facets and the order may lag, and by less than the
 * second the no-stale rule allows. A render that used such an answer is not stored in the page cache.
 */
export interface Counted {
  total: number;
  facets: Array<{ k: keyof JobsSummary; v: string; l: string; n: number }>;
}

/** Ids remembered per order: ten pages of twenty. */
export const RANKED_IDS = 200;
/** A filter counted with at least this many matches is recounted in the background after a change. */
export const PROVISIONAL_MIN_MATCHES = 1_000;
/** How long after a change the previous count may still answer (the no-stale rule's one second). */
export const PROVISIONAL_MS = 1_000;
/** How long a remembered count is used at most (a lost notification's bound, as the page cache's). */
const TTL_MS = 60_000;
/**
 * A large filter's count used this close to the end of its time is counted again in the background, so
 * a filter visited all the time never makes a visitor wait for its count just because its time ran out.
 */
export const REFRESH_AHEAD_MS = 10_000;
/** The memory's clock (lru-cache's `perf`); tests move it forward instead of waiting a minute. */
export const searchMemoryClock = { offsetMs: 0 };

interface Versioned<T> {
  version: number;
  epoch: number;
  value: T;
}

interface Memory {
  /**
   * The newest count and ranking of each filter (and order), with the data version they were read at:
   * this version's when it matches the ticket's, else what a provisional answer may use.
   */
  counts: LRUCache<string, Versioned<Counted>>;
  ranked: LRUCache<string, Versioned<string[]>>;
  /** Background recounts under way, by filter and version. */
  recounts: Map<string, Promise<void>>;
  stats: { hits: number; misses: number; provisional: number; recounts: number };
}

const memories = new WeakMap<Db, Memory>();

function memoryOf(db: Db): Memory {
  let m = memories.get(db);
  if (!m) {
    const perf = { now: () => performance.now() + searchMemoryClock.offsetMs };
    // ttlResolution 0: the clock is read on every check (by default lru-cache keeps a reading for a
    // millisecond, until a timer clears it, and a moved clock went unseen).
    const opts = { max: 5_000, ttl: TTL_MS, ttlResolution: 0, perf };
    // A ranking is up to 200 ids (about 16 KB): 1,000 of them at most, in each map.
    const rankings = { ...opts, max: 1_000 };
    m = {
      counts: new LRUCache<string, Versioned<Counted>>(opts),
      ranked: new LRUCache<string, Versioned<string[]>>(rankings),
      recounts: new Map(),
      stats: { hits: 0, misses: 0, provisional: 0, recounts: 0 },
    };
    memories.set(db, m);
  }
  return m;
}

/** Uses of remembered counts, counts made, provisional answers and background recounts, per app (tests, bench). */
export function searchMemoryStats(db: Db): Memory['stats'] {
  return memoryOf(db).stats;
}

/** Forgets everything remembered (the bench's searches counted on the request). */
export function forgetSearchMemory(db: Db): void {
  const m = memories.get(db);
  if (!m) return;
  m.counts.clear();
  m.ranked.clear();
}

/** Resolves once every background recount started so far has finished (tests, bench). */
export async function recountsSettled(db: Db): Promise<void> {
  const m = memoryOf(db);
  while (m.recounts.size) await Promise.all([...m.recounts.values()]);
}

const keyOf = (t: FillTicket, key: string) => `${t.clientId}\u0000${key}`;
const sameRead = (a: { version: number; epoch: number }, b: { version: number; epoch: number }) => a.version === b.version && a.epoch === b.epoch;

/** Taken before the search's reads: null when nothing may be remembered now. */
export function searchTicket(db: Db, clientId: string): FillTicket | null {
  const cache = pageCacheOf(db);
  return cache?.usable ? cache.ticket(clientId) : null;
}

export interface Recalled {
  counted?: Counted;
  ranked?: string[];
  /** The answer uses an earlier version's count or ranking; its recount is under way. */
  provisional: boolean;
}

/**
 * What is known of a filter (and of its order) now: this version's count and ranking, or, shortly after
 * a change of a large filter, the previous ones (then `recount` is started in the background, once).
 */
export function recall(db: Db, ticket: FillTicket | null, filter: string, order: string, recount: () => Promise<void>): Recalled {
  const m = memoryOf(db);
  const none: Recalled = { provisional: false };
  if (!ticket) {
    m.stats.misses++;
    return none;
  }
  const key = keyOf(ticket, filter);
  const last = m.counts.get(key);
  const lastOrder = m.ranked.get(keyOf(ticket, `${filter}\u0000${order}`));
  // A ranking only with the count it was read with (the same version).
  const ranked = last && lastOrder && sameRead(lastOrder, last) ? lastOrder.value : undefined;
  const recountKey = `${key}\u0000${ticket.version}\u0000${ticket.epoch}`;
  if (last && sameRead(last, ticket)) {
    m.stats.hits++;
    if (last.value.total >= PROVISIONAL_MIN_MATCHES && m.counts.getRemainingTTL(key) < REFRESH_AHEAD_MS) recountOnce(m, recountKey, recount);
    return { counted: last.value, ranked, provisional: false };
  }
  const cache = pageCacheOf(db);
  const supersededAt = last && last.epoch === ticket.epoch && last.version < ticket.version ? cache?.supersededAt(ticket.clientId, last.version) : undefined;
  if (!last || supersededAt === undefined || Date.now() - supersededAt >= PROVISIONAL_MS || last.value.total < PROVISIONAL_MIN_MATCHES) {
    m.stats.misses++;
    return none;
  }
  recountOnce(m, recountKey, recount);
  m.stats.provisional++;
  cache?.provisional(ticket.clientId);
  return { counted: last.value, ranked, provisional: true };
}

/** Starts `recount` in the background unless one for the same key is under way. */
function recountOnce(m: Memory, key: string, recount: () => Promise<void>): void {
  if (m.recounts.has(key)) return;
  m.stats.recounts++;
  const run = recount()
    .catch(() => undefined)
    .finally(() => m.recounts.delete(key));
  m.recounts.set(key, run);
}

/** Remembers a count and (if read) a ranking, unless the client's jobs changed while they were read. */
export function remember(db: Db, ticket: FillTicket | null, filter: string, order: string, counted: Counted | null, ranked: string[] | null): void {
  if (!ticket || !pageCacheOf(db)?.current(ticket)) return;
  const m = memoryOf(db);
  const versioned = <T>(value: T): Versioned<T> => ({ version: ticket.version, epoch: ticket.epoch, value });
  if (counted) m.counts.set(keyOf(ticket, filter), versioned(counted));
  if (ranked) m.ranked.set(keyOf(ticket, `${filter}\u0000${order}`), versioned(ranked));
}
