import { crmCandidatesQuery } from '@hh/contract/crm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { Gate } from './gate.ts';
import { readSearchVersion, SearchVersions } from './search-versions.ts';

/**
 * The candidate search cache (decision 0542): recent replies of `GET /api/crm/candidates` and
 * `GET /api/get-candidates`, as the JSON text the route sends (encoded once with the route's reply
 * schema, so a hit costs no serialisation), in one bounded LRU per app (by bytes), keyed by
 *  - the client,
 *  - the user (a reply shows the caller's favourites, and `favorites=true` filters on them; every
 *    other part of a reply is the same for every user with the right to read the client's candidates,
 *    which requireClient checks on every call before the cache is asked),
 *  - the client's candidate data version, read from the database for every search (search-versions.ts;
 *    migration 1047 bumps it in the transaction of every write a reply can show),
 *  - the query: every field of the contract's query schema except the client, in the schema's order,
 *    so a filter added to the contract is part of the key without an edit here.
 * A reply is stored under the version read BEFORE its search ran: a write that lands meanwhile moves
 * the version, so the reply (which may or may not show it) is never served to a later search.
 * Identical searches that miss together run once (single-flight), and at most three searches run their
 * SQL at once (gate.ts), so misses never take the pool from other calls. When a client's version moves, its
 * older replies are dropped at once: an erased candidate does not linger in memory until evicted.
 */
export interface SearchCacheOptions {
  /** Bytes of replies held at most (default 32 MB; a page of 25 candidates is about 50 KB). */
  maxBytes?: number;
  /** Longest a reply is kept (default 5 minutes): only bounds memory, freshness comes from the version. */
  ttlMs?: number;
  /** Searches running their SQL at once in this process (default 3: up to 12 of the pool's 20 connections; gate.ts says why). */
  concurrentMisses?: number;
}

const QUERY_FIELDS = Object.keys(crmCandidatesQuery.shape).filter((k) => k !== 'clientId');

/** The query as a key: the contract's fields in a fixed order, absent ones as null. */
export function queryKey(input: Record<string, unknown>): string {
  return JSON.stringify(QUERY_FIELDS.map((k) => input[k] ?? null));
}

export class CandidateSearchCache {
  private readonly lru: LRUCache<string, string>;
  private readonly inflight = new Map<string, Promise<string>>();
  /** Per client: the newest version seen and the keys stored under it (bounded: a forgotten client's replies age out of the LRU). */
  private readonly clients = new LRUCache<string, { version: number; keys: Set<string> }>({ max: 10_000 });
  readonly versions: SearchVersions;
  private readonly gate: Gate;
  readonly stats = { hits: 0, misses: 0, coalesced: 0, stores: 0, dropped: 0 };

  constructor(readVersion: (clientId: string) => Promise<number>, opts: SearchCacheOptions = {}) {
    this.versions = new SearchVersions(readVersion);
    this.gate = new Gate(opts.concurrentMisses ?? 3);
    this.lru = new LRUCache<string, string>({
      maxSize: opts.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (v, k) => v.length * 2 + k.length * 2 + 256,
      ttl: opts.ttlMs ?? 5 * 60_000,
      ttlAutopurge: false,
      dispose: (_v, k) => this.forget(k),
    });
  }

  get size(): number {
    return this.lru.size;
  }

  /** The reply (JSON text) of one search: from the cache when this version of the client's data has it, else `run()` once for every caller. */
  async search(opts: { clientId: string; userId: string; query: Record<string, unknown> }, run: () => Promise<string>): Promise<string> {
    const version = await this.versions.current(opts.clientId);
    this.seen(opts.clientId, version);
    const key = `${opts.clientId}\u0000${version}\u0000${opts.userId}\u0000${queryKey(opts.query)}`;
    const hit = this.lru.get(key);
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    const running = this.inflight.get(key);
    if (running) {
      this.stats.coalesced++;
      return running;
    }
    this.stats.misses++;
    const p = this.gate.run(run).then((reply) => {
      // Stored only while the version is still the client's newest seen (a newer one makes it unreachable).
      const c = this.clients.get(opts.clientId);
      if (c && c.version === version) {
        this.lru.set(key, reply);
        c.keys.add(key);
        this.stats.stores++;
      }
      return reply;
    });
    this.inflight.set(key, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(key);
    }
  }

  /** A version read for a client: a newer one than seen drops the client's older replies. */
  private seen(clientId: string, version: number): void {
    const c = this.clients.get(clientId);
    if (!c) {
      this.clients.set(clientId, { version, keys: new Set() });
      return;
    }
    if (version <= c.version) return;
    c.version = version;
    const old = [...c.keys];
    c.keys.clear();
    this.stats.dropped += old.length;
    for (const k of old) this.lru.delete(k);
  }

  private forget(key: string): void {
    this.clients.peek(key.slice(0, key.indexOf('\u0000')))?.keys.delete(key);
  }
}

// Domain code holds the app's `db`, not the app: each app's cache is found through its database.
const cachesByDb = new WeakMap<Db, CandidateSearchCache>();

/** The candidate search cache of the app whose database is `db` (made on first use). */
export function candidateSearchCacheOf(db: Db): CandidateSearchCache {
  let cache = cachesByDb.get(db);
  if (!cache) {
    cache = new CandidateSearchCache((clientId) => readSearchVersion(db, clientId));
    cachesByDb.set(db, cache);
  }
  return cache;
}
