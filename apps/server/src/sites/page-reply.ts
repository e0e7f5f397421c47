import type { FastifyReply, FastifyRequest } from 'fastify';
export { sendCached as sendEntry };
import { type CachedReply, type FillTicket, type PageCache, sendCached } from '../plugins/page-cache.ts';

/** Career pages through the page cache (plugins/page-cache.ts, docs/decisions/0600-public-page-cache.md). */

/** What a page of this request is stored under, and the ticket taken before its reads. */
export interface CacheSlot {
  cache: PageCache;
  clientId: string;
  route: string;
  ticket: FillTicket;
  /** Set by the page when a visit records an analytics event, so every hit records it too. */
  event?: CachedReply['event'];
}

/** The slot of a cacheable request (GET or HEAD), or null when the cache is not in use now. */
export function cacheSlot(cache: PageCache | null, req: FastifyRequest, clientId: string, route: string): CacheSlot | null {
  if (!cache?.usable || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
  return { cache, clientId, route, ticket: cache.ticket(clientId) };
}

const HTML = 'text/html; charset=utf-8';

/** Sends a rendered page: through its cache slot when it has one, else uncached (`no-cache`). */
export function sendPage(reply: FastifyReply, slot: CacheSlot | null | undefined, body: string, status = 200): FastifyReply {
  if (slot) return fillAndSend(reply.request, reply, slot, status, HTML, body);
  return reply.status(status).header('content-type', HTML).header('cache-control', 'no-cache').send(body);
}

/** Stores a rendered reply in its slot (unless its client changed meanwhile) and sends it with its validators. */
export function fillAndSend(req: FastifyRequest, reply: FastifyReply, slot: CacheSlot, status: number, type: string, body: string): FastifyReply {
  const entry = slot.cache.fill(slot.ticket, slot.route, { status, type, body, event: slot.event });
  return sendCached(req, reply, entry);
}
