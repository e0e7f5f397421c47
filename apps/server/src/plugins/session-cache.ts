import pg from 'pg';
import type { Db } from '../db/client.ts';
import { PageCache } from './page-cache.ts';

/**
 * In-process cache of the session+user row every signed-in call needs (docs/decisions/0005-session-cache.md).
 *
 * Correctness across several app processes rests on PostgreSQL LISTEN/NOTIFY: migration
 * 0002_auth_notify.sql notifies 'hh_auth' with the user's id whenever a session is revoked or
 * deleted, or the user's status, client, email or rights change. A notification evicts every
 * cached session of that user. The cache is used only while the listener is connected, and only
 * for entries cached under the current listener connection ("generation"): if the listener drops,
 * the cache is cleared and every call reads the database until it is listening again.
 * Writes made by this process also evict at once (evictUserSessions / evictSession), so they do
 * not wait for the notification round trip.
 *
 * The same listener also serves the client-row cache (`clients`, a KeyedStore used by
 * auth/access.ts loadAccessibleClient): migration 0003_client_notify.sql notifies 'hh_client' with
 * the client's id on every update or delete of a client; same generation and fail-safe rules.
 *
 * And the public page cache (`pages`, plugins/page-cache.ts): migration 0107_site_notify.sql notifies
 * 'hh_site' with a client's id when a row its career site shows changes; that and 'hh_client' drop
 * the client's cached pages; connect, loss and close drop them all.
 */
export const CHANNEL = 'hh_auth';
/** Client-row changes (migration 0003_client_notify.sql): the payload is the client's id. */
export const CLIENT_CHANNEL = 'hh_client';
/** Career-site data changes (migration 0107_site_notify.sql): the payload is the client's id. */
export const SITE_CHANNEL = 'hh_site';

export interface SessionCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  /** How often the listener connection is checked with a query (a silently dead TCP link is otherwise noticed late). */
  pingMs?: number;
  /** First reconnect delay after the listener is lost; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
}

interface Entry<T> {
  value: T;
  userId: string;
  generation: number;
  cachedAt: number;
}

/** A read ticket: taken before the database read, so a result that may be stale is not stored. */
export interface FillTicket {
  generation: number;
  invalidations: number;
}

/**
 * A second keyed store riding on a SessionCache's listener (same connection, generation and
 * fail-safe rules): used only while the owner is listening, cleared whenever the owner's cache is
 * cleared (connect, loss, close), and a read overlapping an eviction is not stored.
 */
export class KeyedStore<V> {
  private readonly entries = new Map<string, { value: V; generation: number; cachedAt: number }>();
  invalidations = 0;
  readonly stats = { hits: 0, misses: 0, notifications: 0 };

  constructor(
    private readonly owner: { readonly connected: boolean; readonly generation: number },
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (!this.owner.connected) return undefined;
    const e = this.entries.get(key);
    if (!e || e.generation !== this.owner.generation || Date.now() - e.cachedAt > this.ttlMs) {
      if (e) this.entries.delete(key);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return e.value;
  }

  ticket(): FillTicket {
    return { generation: this.owner.generation, invalidations: this.invalidations };
  }

  set(key: string, value: V, ticket: FillTicket): void {
    if (!this.owner.connected || ticket.generation !== this.owner.generation || ticket.invalidations !== this.invalidations) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, generation: this.owner.generation, cachedAt: Date.now() });
  }

  evict(key: string): void {
    this.invalidations++;
    this.entries.delete(key);
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
  }
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly pingMs: number;
  private readonly log: SessionCacheOptions['log'];
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private closed = false;
  private attempt = 0;
  /** Bumped whenever the listener connects or is lost; entries of another generation are ignored. */
  generation = 0;
  /** True only while LISTEN is active on a live connection. */
  connected = false;
  /** Bumped on every eviction; a read that overlapped one is not stored (it may predate the change). */
  invalidations = 0;
  /** Counters for tests and diagnostics. */
  readonly stats = { hits: 0, misses: 0, notifications: 0, connects: 0, disconnects: 0 };
  /** Client rows (auth/access.ts loadAccessibleClient), evicted by 'hh_client' notifications. */
  readonly clients: KeyedStore<unknown>;
  /** Rendered career pages and public search replies, evicted by 'hh_site' and 'hh_client' notifications. */
  readonly pages: PageCache;

  constructor(
    private readonly databaseUrl: string,
    opts: SessionCacheOptions = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 50_000;
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.backoffMs = opts.backoffMs ?? 250;
    this.maxBackoffMs = opts.maxBackoffMs ?? 10_000;
    this.pingMs = opts.pingMs ?? 15_000;
    this.log = opts.log;
    this.clients = new KeyedStore<unknown>(this, this.maxEntries, this.ttlMs);
    this.pages = new PageCache(this);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener's database backend pid (tests terminate it to simulate a lost connection). */
  get listenerPid(): number | null {
    return (this.client as unknown as { processID?: number } | null)?.processID ?? null;
  }

  get(sessionId: string): T | undefined {
    if (!this.connected) return undefined;
    const e = this.entries.get(sessionId);
    if (!e) {
      this.stats.misses++;
      return undefined;
    }
    if (e.generation !== this.generation || Date.now() - e.cachedAt > this.ttlMs) {
      this.remove(sessionId, e.userId);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return e.value;
  }

  ticket(): FillTicket {
    return { generation: this.generation, invalidations: this.invalidations };
  }

  /** Stores a row read from the database, unless the listener changed or anything was evicted meanwhile. */
  set(sessionId: string, userId: string, value: T, ticket: FillTicket): void {
    if (!this.connected || ticket.generation !== this.generation || ticket.invalidations !== this.invalidations) return;
    const old = this.entries.get(sessionId);
    if (old) this.remove(sessionId, old.userId);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1].userId);
    }
    this.entries.set(sessionId, { value, userId, generation: this.generation, cachedAt: Date.now() });
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(sessionId);
  }

  evictUser(userId: string): void {
    this.invalidations++;
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const sid of set) this.entries.delete(sid);
    this.byUser.delete(userId);
  }

  evictSession(sessionId: string): void {
    this.invalidations++;
    const e = this.entries.get(sessionId);
    if (e) this.remove(sessionId, e.userId);
  }

  clear(): void {
    this.invalidations++;
    this.entries.clear();
    this.byUser.clear();
    this.clients.clear();
    this.pages?.invalidate(null);
  }

  private remove(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const set = this.byUser.get(userId);
    if (set) {
      set.delete(sessionId);
      if (set.size === 0) this.byUser.delete(userId);
    }
  }

  /** Connects the listener; never throws (a failed attempt schedules a retry, calls read the database meanwhile). */
  async start(): Promise<void> {
    if (this.closed || this.client) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5000,
    });
    this.client = client;
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      if (client !== this.client) return;
      if (n.channel === SITE_CHANNEL) {
        if (n.payload) this.pages.invalidate(n.payload);
        return;
      }
      if (n.channel === CLIENT_CHANNEL) {
        this.clients.stats.notifications++;
        if (n.payload) {
          this.clients.evict(n.payload);
          this.pages.clientRowsChanged();
          this.pages.invalidate(n.payload);
        }
        return;
      }
      if (n.channel !== CHANNEL) return;
      this.stats.notifications++;
      if (n.payload) this.evictUser(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${CLIENT_CHANNEL}; LISTEN ${SITE_CHANNEL}`);
    } catch (err) {
      this.lost(client, err as Error);
      return;
    }
    if (client !== this.client || this.closed) return; // lost or closed while connecting
    // Nothing cached before this point can be trusted: changes may have been missed while not listening.
    this.clear();
    this.generation++;
    this.connected = true;
    this.attempt = 0;
    this.stats.connects++;
    this.startPing(client);
    if (this.stats.connects > 1) this.log?.info({ generation: this.generation }, 'session cache listener reconnected');
  }

  /**
   * Resolves once every notification committed before the call has been handled: the listener's
   * backend sends pending notifications before it answers a query on that connection. A write of
   * this process awaits it before its reply, so its own next read never meets a page it changed.
   */
  async sync(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    await client.query('SELECT 1').catch((err: Error) => this.lost(client, err));
  }

  /** A ping that fails or takes over 5 s counts as a lost listener (notifications may not be arriving). */
  private startPing(client: pg.Client): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (client !== this.client) return;
      const timeout = setTimeout(() => this.lost(client, new Error('listener ping timed out')), 5000);
      timeout.unref();
      client
        .query('SELECT 1')
        .catch((err: Error) => this.lost(client, err))
        .finally(() => clearTimeout(timeout));
    }, this.pingMs);
    this.pinger.unref();
  }

  private lost(client: pg.Client, err?: Error): void {
    if (client !== this.client) return;
    this.client = null;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    const wasConnected = this.connected;
    this.connected = false;
    this.generation++;
    this.clear();
    if (wasConnected) this.stats.disconnects++;
    client.removeAllListeners('notification');
    // The 'error' listener stays attached (it ignores this abandoned client), so late socket errors are absorbed.
    client.end().catch(() => undefined);
    if (this.closed) return;
    const delay = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** this.attempt++);
    this.log?.warn({ err: err?.message, retryInMs: delay }, 'session cache listener lost; reading sessions from the database');
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    const client = this.client;
    this.client = null;
    this.connected = false;
    this.generation++;
    this.clear();
    if (client) {
      client.removeAllListeners('notification');
      await client.end().catch(() => undefined);
    }
  }
}

// Domain code holds the app's `db`, not the app: the cache of that app is found through it.
const cachesByDb = new WeakMap<Db, SessionCache<unknown>>();

export function registerSessionCache(db: Db, cache: SessionCache<unknown>): void {
  cachesByDb.set(db, cache);
}

/**
 * Drops this process's cached sessions of a user at once (call after the change is committed).
 * Other processes drop theirs when the database notification arrives.
 */
export function evictUserSessions(db: Db, userId: string): void {
  cachesByDb.get(db)?.evictUser(userId);
}

/** Drops one cached session at once (call after the revocation is committed). */
export function evictSession(db: Db, sessionId: string): void {
  cachesByDb.get(db)?.evictSession(sessionId);
}

/** The app's public page cache (null when the app has no session cache, e.g. a script's own db). */
export function pageCacheOf(db: Db): PageCache | null {
  return cachesByDb.get(db)?.pages ?? null;
}

/** Waits until this app has handled every change notified so far (see SessionCache.sync). */
export async function syncNotifications(db: Db): Promise<void> {
  await cachesByDb.get(db)?.sync();
}

/** The app's client-row store (null when the app has no session cache, e.g. a script's own db). */
export function clientStoreOf(db: Db): KeyedStore<unknown> | null {
  return cachesByDb.get(db)?.clients ?? null;
}

/**
 * Drops this process's cached row of a client at once (call after the change is committed).
 * Other processes drop theirs when the database notification arrives.
 */
export function evictClient(db: Db, clientId: string): void {
  cachesByDb.get(db)?.clients.evict(clientId);
}
