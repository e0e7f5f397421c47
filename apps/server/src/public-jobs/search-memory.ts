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
 *
 * And a visitor who comes later than that second need not wait either: on every change of a client
 * (the page cache's notification), its most recently used large filters (proactiveRecounts.max at most)
 * are counted again in the background, one at a time in one queue per process, a few milliseconds
 * after the change, so they are this version's again well within the second.
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
/**
 * After a change of a client: how many of its large filters are recounted, most recently used first
 * (`max`), and the wait before the round starts (`delayMs`: a burst of changes, an import, is one
 * round). Tests may set `max` to 0 to see the answers given without it.
 */
export const proactiveRecounts = { max: 8, delayMs: 50 };
/**
 * How long a remembered count is used at most: the bound of what a lost notification could cost. Ten
 * minutes, not the page cache's one: a count changes only with the client's jobs, which notify (a
 * page also shows what time alone changes), and a lost listener drops everything at once; while a
 * large tenant's list is counted again only when its time runs out, its visitors between two counts
 * never wait for one.
 */
export const TTL_MS = 10 * 60_000;
/**
 * A large filter's count used this close to the end of its time (its second half) is counted again in
 * the background, so a filter visited at least once in five minutes never makes a visitor wait for its
 * count just because its time ran out: at most one background count per filter in five minutes. (With
 * the last ten seconds only, a large site visited every half minute had a visitor wait for its whole
 * list about every ten minutes: about 200 ms at 100,000 jobs.)
 */
export const REFRESH_AHEAD_MS = TTL_MS / 2;
/** The memory's clock (lru-cache's `perf`); tests move it forward instead of waiting ten minutes. */
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
  /** How to count each filter again (the last search's own read), for the recounts after a change. */
  recounters: LRUCache<string, () => Promise<void>>;
  /** Clients changed whose large filters are waiting to be recounted, and the queue's run. */
  changed: Set<string>;
  rounds: Promise<void> | null;
  /** Whether the page cache's changes are followed (followChanges), and the warm-up under way. */
  following: boolean;
  warming: Promise<void> | null;
  /** Starts the warm-up unless one is under way (what the REWARM_MS timer calls). */
  warmUp: (() => void) | null;
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
      recounters: new LRUCache<string, () => Promise<void>>({ max: 1_000 }),
      changed: new Set(),
      rounds: null,
      following: false,
      warming: null,
      warmUp: null,
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

/** Resolves once every background recount started so far, every round after a change and the warm-up have finished (tests, bench). */
export async function recountsSettled(db: Db): Promise<void> {
  const m = memoryOf(db);
  while (m.recounts.size || m.rounds || m.warming) await Promise.all([...m.recounts.values(), m.rounds, m.warming]);
}

const keyOf = (t: FillTicket, key: string) => `${t.clientId}\u0000${key}`;
const sameRead = (a: { version: number; epoch: number }, b: { version: number; epoch: number }) => a.version === b.version && a.epoch === b.epoch;
/** A recount's key: the filter at the version it counts. */
const recountKeyOf = (key: string, t: FillTicket) => `${key}\u0000${t.version}\u0000${t.epoch}`;

/** Taken before the search's reads: null when nothing may be remembered now. */
export function searchTicket(db: Db, clientId: string): FillTicket | null {
  const cache = pageCacheOf(db);
  return cache?.usable ? cache.ticket(clientId) : null;
}

/**
 * How often the warm-up runs again while the app runs: as often as a count's refresh-ahead window is
 * long, so its searches find every count in that window (its second half) and count it again behind,
 * so a large client's whole list and frequent searches stay counted on a site nobody visits for a
 * while (at night): its first visitor does not wait for them (about 200 ms for the whole list at
 * 100,000 jobs). A search still counted is a memory hit, so a round costs little.
 */
export const REWARM_MS = REFRESH_AHEAD_MS;

/**
 * Follows the page cache's changes (once per app): a changed client's large filters are recounted
 * (recountAfterChange), and whenever the cache starts afresh (its listener connected, at start or
 * after a loss), and every REWARM_MS after that, `warm` counts the searches most visitors start from,
 * in the background. Each warm-up runs once at a time; failures are left to the visitors' own searches.
 * Returns what stops it (the app's close).
 */
export function followChanges(db: Db, warm: () => Promise<void>): () => void {
  const cache = pageCacheOf(db);
  const m = memoryOf(db);
  if (!cache || m.following) return () => {};
  m.following = true;
  const warmUp = () => {
    if (!cache.usable || m.warming) return;
    m.warming = warm()
      .catch(() => undefined)
      .finally(() => {
        m.warming = null;
      });
  };
  cache.onChange((clientId) => {
    if (clientId !== null) recountAfterChange(db, clientId);
    // Everything is dropped just before the listener counts as connected: warmed after that.
    else setImmediate(warmUp);
  });
  m.warmUp = warmUp;
  warmUp();
  const again = setInterval(warmUp, REWARM_MS);
  again.unref();
  return () => clearInterval(again);
}

/** Runs the warm-up now, as its REWARM_MS timer does (tests). */
export function warmAgain(db: Db): void {
  memoryOf(db).warmUp?.();
}

/** Queues the client's large filters for a recount (one queue per process, one recount at a time). */
function recountAfterChange(db: Db, clientId: string): void {
  const m = memoryOf(db);
  m.changed.add(clientId);
  m.rounds ??= recountRounds(db, m).finally(() => {
    m.rounds = null;
  });
}

async function recountRounds(db: Db, m: Memory): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, proactiveRecounts.delayMs));
  for (let clientId = first(m.changed); clientId !== undefined; clientId = first(m.changed)) {
    m.changed.delete(clientId);
    const prefix = `${clientId}\u0000`;
    const due: string[] = [];
    // Most recently used first (lru-cache's order); a peek-like walk that does not reorder.
    for (const [key, last] of m.counts.entries()) {
      if (due.length >= proactiveRecounts.max) break;
      if (!key.startsWith(prefix) || last.value.total < PROVISIONAL_MIN_MATCHES || !m.recounters.has(key)) continue;
      due.push(key);
    }
    for (const key of due) {
      const ticket = searchTicket(db, clientId);
      const recount = m.recounters.peek(key);
      if (!ticket || !recount) break;
      const last = m.counts.peek(key);
      if (last && sameRead(last, ticket)) continue; // a visitor's search counted it already
      await recountOnce(m, recountKeyOf(key, ticket), recount);
    }
  }
}

const first = (s: Set<string>): string | undefined => s.values().next().value;

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
  m.recounters.set(key, recount);
  const last = m.counts.get(key);
  const lastOrder = m.ranked.get(keyOf(ticket, `${filter}\u0000${order}`));
  // A ranking only with the count it was read with (the same version).
  const ranked = last && lastOrder && sameRead(lastOrder, last) ? lastOrder.value : undefined;
  const recountKey = recountKeyOf(key, ticket);
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

/** Starts `recount` in the background unless one for the same key is under way (then that one is returned). */
function recountOnce(m: Memory, key: string, recount: () => Promise<void>): Promise<void> {
  const running = m.recounts.get(key);
  if (running) return running;
  m.stats.recounts++;
  const run = recount()
    .catch(() => undefined)
    .finally(() => m.recounts.delete(key));
  m.recounts.set(key, run);
  return run;
}

/** Remembers a count and (if read) a ranking, unless the client's jobs changed while they were read. */
export function remember(db: Db, ticket: FillTicket | null, filter: string, order: string, counted: Counted | null, ranked: string[] | null): void {
  if (!ticket || !pageCacheOf(db)?.current(ticket)) return;
  const m = memoryOf(db);
  const versioned = <T>(value: T): Versioned<T> => ({ version: ticket.version, epoch: ticket.epoch, value });
  if (counted) m.counts.set(keyOf(ticket, filter), versioned(counted));
  if (ranked) m.ranked.set(keyOf(ticket, `${filter}\u0000${order}`), versioned(ranked));
}
