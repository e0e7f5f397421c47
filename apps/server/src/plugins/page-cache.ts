import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Encoded, encodePage, hashInlineScripts, pickEncoding } from './page-bytes.ts';
import { NONCE_PLACEHOLDER, splitAtNonce, stampNonce } from './security.ts';

/**
 * The public page cache (docs/decisions/0600-public-page-cache.md): rendered career pages and public
 * search replies, keyed by client, route and query, in one bounded LRU per app (by bytes), with a
 * validator (ETag, Last-Modified) per entry.
 *
 * Freshness rests on LISTEN/NOTIFY, like the session cache whose listener it shares: migration
 * 0107_site_notify.sql notifies 'hh_site' with the client's id whenever a row a public page shows
 * changes (jobs, departments, pages, motivators, team profiles…), 0003 notifies 'hh_client' for the
 * client row, and `invalidate(clientId)` drops that client's entries and bumps its data version.
 * The cache is used only while the listener is connected (`usable`), and a render that overlapped a
 * change of its client (the version moved meanwhile) is sent but not stored. A TTL bounds what a
 * lost notification could cost, and what time alone changes (a job's validThrough passing).
 *
 * A page's inline scripts are allowed by their hashes (plugins/page-bytes.ts), so its bytes are the
 * same for every visitor and are kept compressed (br, gzip) beside the plain ones. A page that still
 * needs the CSP nonce (a client's scripts by URL) is stored with the nonce placeholder in place
 * (plugins/security.ts stamps each response's own nonce in one pass), so a cached body never shares a
 * nonce between visitors.
 */
/**
 * Cache-Control of public pages and search replies: browsers revalidate every time (max-age=0; the
 * answer is usually a bodiless 304), while a CDN in front may serve its copy for `s-maxage` seconds
 * and a stale one for `stale-while-revalidate` more while it fetches the new one. Our own processes
 * never serve a page older than its data (LISTEN/NOTIFY); a CDN's copy may lag by those seconds.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

export interface CachedReply {
  status: number;
  type: string;
  body: string;
  etag: string;
  lastModified: string;
  /** A page's body as UTF-8 bytes split at the nonce placeholder (security.ts splitAtNonce), encoded once. */
  parts?: Buffer[];
  /** A page whose inline scripts are allowed by hash: its own CSP, and (once ready) its compressed bytes. */
  csp?: { name: string; value: string };
  encoded?: Encoded;
  /** What a visit of this page records besides the reply (analytics), replayed on every hit. */
  event?: { type: 'job_view' | 'search'; jobId: string | null; data?: Record<string, unknown> };
}

export interface FillTicket {
  clientId: string;
  version: number;
  epoch: number;
  /** The client's provisional answers so far (see `provisional`): a render that used one is not stored. */
  provisional?: number;
}

interface Listener {
  readonly connected: boolean;
}

export interface PageCacheOptions {
  /** Bytes of bodies held at most (default 64 MB). */
  maxBytes?: number;
  /** Longest an entry is used without a notification (default 60 s). */
  ttlMs?: number;
}

/** A weak validator: the bytes differ per response by the nonce only. Stable across processes (the placeholder is not hashed). */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body.replaceAll(NONCE_PLACEHOLDER, '')).digest('base64url').slice(0, 22)}"`;
}

export class PageCache {
  private readonly lru: LRUCache<string, CachedReply>;
  /** Per client: bumped by every change of its data; part of every key. */
  private readonly versions = new Map<string, number>();
  /** Bumped whenever everything is dropped (listener connected, lost or closed). */
  private epoch = 0;
  /** Per client: when its recent versions began (the newest last), for `supersededAt`. */
  private readonly changes = new Map<string, Array<{ version: number; at: number }>>();
  /** Per client: answers given from the counts of an earlier version (public-jobs/search-memory.ts). */
  private readonly provisionals = new Map<string, number>();
  /**
   * The client rows public requests start from (by slug or id), so a cached page costs no query at
   * all. Dropped whenever any client row changes ('hh_client'). Only found rows are kept: a new
   * client is not notified, so "no such slug" is never remembered.
   */
  private readonly rows: LRUCache<string, object>;
  private rowsEpoch = 0;
  /** Off for good (a Citus cluster, where shard writes cannot notify: migration 0107). */
  disabled = false;
  readonly stats = { hits: 0, misses: 0, stores: 0, notifications: 0, notModified: 0 };
  /** Pages being compressed now (see fill). */
  private readonly encoding = new Set<Promise<void>>();
  /**
   * Told of every change of one client's data, after its version moved, and (with null) of every time
   * everything was dropped (public-jobs/search-memory.ts).
   */
  private readonly changeListeners = new Set<(clientId: string | null) => void>();

  constructor(
    private readonly listener: Listener | null,
    opts: PageCacheOptions = {},
  ) {
    this.lru = new LRUCache<string, CachedReply>({
      maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
      // A page's compressed forms (filled in after storing) are counted ahead, at half its length.
      sizeCalculation: (v, k) => v.body.length * 2 + (v.parts ? Math.ceil(partsLength(v.parts) * (v.csp ? 1.5 : 1)) : 0) + k.length * 2 + 256,
      ttl: opts.ttlMs ?? 60_000,
      ttlAutopurge: false,
    });
    this.rows = new LRUCache<string, object>({ max: 10_000, ttl: opts.ttlMs ?? 60_000 });
  }

  /** A client row remembered under `key` (`slug:{lowercased slug}`, `id:{id}`), while usable. */
  clientRow<T extends object>(key: string): T | undefined {
    return this.usable ? (this.rows.get(key) as T | undefined) : undefined;
  }

  /** Taken before reading a client row: a read that overlapped a client change is not kept. */
  rowTicket(): number {
    return this.rowsEpoch;
  }

  setClientRow(key: string, row: object, ticket: number): void {
    if (this.usable && ticket === this.rowsEpoch) this.rows.set(key, row);
  }

  /** Some client row changed (its slug, status or design): forget every remembered row. */
  clientRowsChanged(): void {
    this.rowsEpoch++;
    this.rows.clear();
  }

  /** Resolves once every page stored so far has its compressed forms (for tests). */
  async encoded(): Promise<void> {
    await Promise.all([...this.encoding]);
  }

  get usable(): boolean {
    return !this.disabled && (this.listener?.connected ?? false);
  }

  get size(): number {
    return this.lru.size;
  }

  private key(clientId: string, route: string): string {
    return `${clientId}\u0000${this.versions.get(clientId) ?? 0}\u0000${this.epoch}\u0000${route}`;
  }

  get(clientId: string, route: string): CachedReply | undefined {
    if (!this.usable) return undefined;
    const hit = this.lru.get(this.key(clientId, route));
    if (hit) this.stats.hits++;
    else this.stats.misses++;
    return hit;
  }

  /** Taken before the reads of a render: the render is stored only if nothing of its client changed meanwhile. */
  ticket(clientId: string): FillTicket {
    return { clientId, version: this.versions.get(clientId) ?? 0, epoch: this.epoch, provisional: this.provisionals.get(clientId) ?? 0 };
  }

  /** Whether nothing of the ticket's client changed since it was taken (and the cache is usable). */
  current(ticket: FillTicket): boolean {
    return this.usable && ticket.epoch === this.epoch && ticket.version === (this.versions.get(ticket.clientId) ?? 0);
  }

  /**
   * When the client's data version `version` was superseded (its next version began), while that is
   * recent; undefined for the current version or one superseded too long ago to know.
   */
  supersededAt(clientId: string, version: number): number | undefined {
    return this.changes.get(clientId)?.find((c) => c.version === version + 1)?.at;
  }

  /**
   * A render of this client is about to use counts of an earlier version (a search whose recount runs
   * in the background): no render of the client that is under way now is stored, so a provisional
   * answer is never served from the cache after its recount.
   */
  provisional(clientId: string): void {
    this.provisionals.set(clientId, (this.provisionals.get(clientId) ?? 0) + 1);
  }

  /** Calls `fn` after every change of one client's data (its version has moved by then), and with null when everything was dropped. */
  onChange(fn: (clientId: string | null) => void): void {
    this.changeListeners.add(fn);
  }

  /** Stores a render; returns the entry (with its validators) either way, for the reply. */
  fill(ticket: FillTicket, route: string, reply: Omit<CachedReply, 'etag' | 'lastModified' | 'parts'>): CachedReply {
    // Pages are sent as bytes (see sendCached); other replies (search JSON) go through their route's serialiser.
    const hashed = reply.type.startsWith('text/html') ? hashInlineScripts(reply.body) : null;
    const body = hashed?.body ?? reply.body;
    const entry: CachedReply = { ...reply, body, etag: etagOf(body), lastModified: new Date().toUTCString() };
    if (hashed) {
      entry.csp = hashed.csp;
      entry.parts = [Buffer.from(body, 'utf8')];
    } else if (reply.type.startsWith('text/html')) entry.parts = splitAtNonce(body);
    if (this.current(ticket) && (ticket.provisional ?? 0) === (this.provisionals.get(ticket.clientId) ?? 0)) {
      this.lru.set(this.key(ticket.clientId, route), entry);
      this.stats.stores++;
      // Compressed off the request thread; until then the compress plugin does it per response.
      if (entry.csp && entry.parts) {
        const done: Promise<void> = encodePage(entry.parts[0] as Buffer).then(
          (encoded) => {
            entry.encoded = encoded;
          },
          () => undefined,
        );
        this.encoding.add(done);
        void done.finally(() => this.encoding.delete(done));
      }
    }
    return entry;
  }

  /** A client's data changed (notification or a write of this process): its pages are rendered again. */
  invalidate(clientId: string | null): void {
    this.stats.notifications++;
    if (clientId === null) {
      this.epoch++;
      this.lru.clear();
      this.clientRowsChanged();
      for (const fn of this.changeListeners) fn(null);
      return;
    }
    const version = (this.versions.get(clientId) ?? 0) + 1;
    this.versions.set(clientId, version);
    const changes = this.changes.get(clientId) ?? [];
    changes.push({ version, at: Date.now() });
    if (changes.length > 8) changes.shift();
    this.changes.set(clientId, changes);
    // Keys start with the client's id; dropping them at once frees the memory for live pages.
    const prefix = `${clientId}\u0000`;
    for (const k of this.lru.keys()) if (k.startsWith(prefix)) this.lru.delete(k);
    for (const fn of this.changeListeners) fn(clientId);
  }
}

function partsLength(parts: readonly Buffer[]): number {
  let n = 0;
  for (const p of parts) n += p.length;
  return n;
}

/** A client row through the cache's memory of rows (see PageCache.clientRow): `load` reads it on a miss. */
export async function rememberedClient<T extends object>(cache: PageCache | null | undefined, key: string, load: () => Promise<T | null>): Promise<T | null> {
  const hit = cache?.clientRow<T>(key);
  if (hit) return hit;
  const ticket = cache?.rowTicket() ?? 0;
  const row = await load();
  if (row && cache) cache.setClientRow(key, row, ticket);
  return row;
}

/** Weak comparison (RFC 9110 §13.1.2): the validators name the same bytes but for the nonce. */
function matches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

/** True when the visitor's copy is still the current one (If-None-Match first, else If-Modified-Since). */
export function notModified(req: { headers: Readonly<Record<string, string | string[] | undefined>> }, entry: CachedReply): boolean {
  if (entry.status !== 200) return false;
  const inm = req.headers['if-none-match'];
  if (typeof inm === 'string') return matches(inm, entry.etag);
  const ims = req.headers['if-modified-since'];
  if (typeof ims === 'string') {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Date.parse(entry.lastModified) <= since;
  }
  return false;
}

/**
 * Sends a cached (or just rendered) reply with its validators, or a bodiless 304 when the caller's
 * copy is current. A page with hashed scripts is sent with its own CSP, compressed as the browser
 * asks when its compressed bytes are ready. A page that needs the nonce is sent as its stored bytes
 * with this response's nonce copied into each placeholder's place (security.ts stampNonce: one pass,
 * no string to encode); its 304 carries no Content-Security-Policy: the browser keeps the policy
 * stored with its copy, whose nonce matches that copy's scripts (a new nonce would block them).
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, entry: CachedReply, cacheControl = PUBLIC_CACHE_CONTROL): FastifyReply {
  // Spelt as the compress plugin spells it, so that a page it compresses does not name it twice.
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (entry.csp) reply.header(entry.csp.name, entry.csp.value);
  if (entry.status === 200) reply.header('etag', entry.etag).header('last-modified', entry.lastModified);
  if (notModified(req, entry)) {
    if (!entry.csp) reply.removeHeader('content-security-policy');
    return reply.status(304).send();
  }
  reply.status(entry.status).header('content-type', entry.type);
  const coding = entry.encoded ? pickEncoding(req.headers['accept-encoding']) : null;
  if (coding && entry.encoded) return reply.header('content-encoding', coding).send(entry.encoded[coding]);
  return reply.send(entry.parts ? stampNonce(reply, entry.parts) : entry.body);
}
