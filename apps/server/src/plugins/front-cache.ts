import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { pickEncoding } from './page-bytes.ts';
import type { CachedReply, PageCache } from './page-cache.ts';

/**
 * The front of the page cache (docs/decisions/0600-public-page-cache.md): a career page that the full
 * path has just answered from the page cache is answered again, for the same address, straight from
 * the raw request, before Fastify's routing, hooks and reply. Nothing about the answer changes: the
 * status, the headers the full path sent for that page (security headers, its own CSP, validators,
 * cache-control, vary), a new request id, and the same bytes, compressed as the request asks.
 *
 * What keeps it exact:
 *  - an address is remembered only after the full path answered it with a 200 from a page whose bytes
 *    are the same for everyone (scripts allowed by hash) and set no cookie;
 *  - each use asks the page cache for that page again (client, route, data version, epoch, TTL), so
 *    a change notified by any process (LISTEN/NOTIFY), a lost listener or an expired entry sends the
 *    request down the full path; so does any change of a client row (a slug or a custom domain);
 *  - the key holds what the full path decided by: the Host, the scheme (HSTS), the address with its
 *    query, and the kind of visitor (`variant`: crawlers get their own entries);
 *  - conditional requests (If-None-Match, If-Modified-Since), other methods than GET and HEAD, an
 *    encoding not stored yet, and an app that is closing all take the full path.
 * What a visit records (a job view) is recorded on every use, as on a hit of the full path.
 */

/** A page of the page cache, current while the page cache still holds it for the same client rows. */
interface PageSource {
  kind: 'page';
  clientId: string;
  route: string;
  entry: CachedReply;
  rowsEpoch: number;
  onHit?: () => void;
}

/** A fixed answer that holds until a time (the health check's, which stands for a second). */
interface FixedSource {
  kind: 'fixed';
  until: number;
  status: number;
  body: Buffer;
}

type Remembered = (PageSource | FixedSource) & {
  /** The headers sent for it, as name/value pairs, without those set per response. */
  headers: string[];
};

type Pending = (PageSource & { encoded: boolean }) | FixedSource;

/** Set per response by Node or by us: never replayed. */
const PER_RESPONSE = new Set(['content-length', 'content-encoding', 'x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export interface FrontCacheOptions {
  /** Which page cache the pages come from (the app's, once its listener exists). */
  pages: () => PageCache | null;
  /** The kind of visitor, as the full path tells them apart ('' or 'c' for a crawler). */
  variant?: (req: IncomingMessage) => string;
  /** Remembered addresses at most (default 20,000). */
  max?: number;
}

export class FrontCache {
  private readonly map: LRUCache<string, Remembered>;
  private readonly pending = new WeakMap<IncomingMessage, Pending>();
  private readonly pagesOf: () => PageCache | null;
  variant: (req: IncomingMessage) => string;
  closing = false;
  readonly stats = { served: 0, remembered: 0 };

  constructor(opts: FrontCacheOptions) {
    this.pagesOf = opts.pages;
    this.variant = opts.variant ?? (() => '');
    this.map = new LRUCache({ max: opts.max ?? 20_000 });
  }

  get size(): number {
    return this.map.size;
  }

  private key(req: IncomingMessage): string {
    const proto = req.headers['x-forwarded-proto'];
    const tls = (req.socket as { encrypted?: boolean }).encrypted ? 's' : '';
    return `${req.headers.host ?? ''}\u0000${tls}${typeof proto === 'string' ? proto : ''}\u0000${this.variant(req)}\u0000${req.url ?? ''}`;
  }

  /** Called by the full path as it sends `entry` for this request: remembered if the answer qualifies (see settle). */
  offer(req: IncomingMessage, clientId: string, route: string, entry: CachedReply, onHit?: () => void): void {
    const pages = this.pagesOf();
    if (!pages || entry.status !== 200 || !entry.csp || !entry.parts) return;
    this.pending.set(req, { kind: 'page', encoded: entry.encoded !== undefined, clientId, route, entry, rowsEpoch: pages.rowTicket(), onHit });
  }

  /** Called by a route whose answer is the same for everyone until `until` (ms): remembered if it qualifies (see settle). */
  offerFixed(req: IncomingMessage, until: number, status: number, body: string): void {
    this.pending.set(req, { kind: 'fixed', until, status, body: Buffer.from(body, 'utf8') });
  }

  /** After the full path answered (onResponse): remembers the address with the headers it sent. */
  settle(req: IncomingMessage, res: ServerResponse): void {
    const p = this.pending.get(req);
    if (!p) return;
    this.pending.delete(req);
    if (res.statusCode !== (p.kind === 'page' ? 200 : p.status) || this.closing) return;
    // A cookie is never replayed; nor are the headers of a response the compress plugin encoded on the
    // spot (a page's stored forms were not ready), which differ from those of the stored bytes.
    if (res.hasHeader('set-cookie') || (res.hasHeader('content-encoding') && (p.kind === 'fixed' || !p.encoded))) return;
    const headers: string[] = [];
    // As spelt by whoever set them (helmet's names are capitalised), so the replay is byte for byte.
    // getRawHeaderNames (Node 15.13+) is missing from the installed @types/node.
    for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const value = res.getHeader(name);
      if (value === undefined || PER_RESPONSE.has(name.toLowerCase())) continue;
      if (Array.isArray(value)) for (const v of value) headers.push(name, v);
      else headers.push(name, String(value));
    }
    if (p.kind === 'page') {
      const { encoded: _encoded, ...page } = p;
      this.map.set(this.key(req), { ...page, headers });
    } else this.map.set(this.key(req), { ...p, headers });
    this.stats.remembered++;
  }

  /** Answers the request from a remembered page and returns true, or returns false for the full path. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || this.map.size === 0) return false;
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const h = req.headers;
    if (h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined) return false;
    const key = this.key(req);
    const r = this.map.get(key);
    if (!r) return false;
    let body: Buffer;
    let coding: 'br' | 'gzip' | null = null;
    let status = 200;
    if (r.kind === 'fixed') {
      if (Date.now() >= r.until) {
        this.map.delete(key);
        return false;
      }
      // Small enough that the full path never compresses it either.
      body = r.body;
      status = r.status;
    } else {
      const pages = this.pagesOf();
      // The page cache decides whether the page is still current (its version, epoch and TTL).
      if (!pages || pages.rowTicket() !== r.rowsEpoch || pages.get(r.clientId, r.route) !== r.entry) {
        this.map.delete(key);
        return false;
      }
      const entry = r.entry;
      const page = entry.parts?.length === 1 ? entry.parts[0] : undefined;
      if (!page) return false;
      const accepted = h['accept-encoding'];
      coding = pickEncoding(accepted);
      // Until its compressed forms are ready, a page is compressed per response by the full path; so is
      // an encoding we do not store (the compress plugin may still use it).
      if (coding ? !entry.encoded : typeof accepted === 'string' && accepted !== '') return false;
      body = coding && entry.encoded ? entry.encoded[coding] : page;
      status = entry.status;
    }
    const headers = r.headers.slice();
    const id = h['x-request-id'];
    headers.push('x-request-id', typeof id === 'string' && id.length <= 100 ? id : randomUUID());
    if (coding) headers.push('content-encoding', coding);
    headers.push('content-length', String(body.length));
    res.writeHead(status, headers);
    res.end(method === 'HEAD' ? undefined : body);
    this.stats.served++;
    if (r.kind === 'page') r.onHit?.();
    return true;
  }
}
