import { publicJobRoutes as r } from '@hh/contract/public-jobs';
import type { Caller, Operation } from '../core/operation.ts';
import { answer } from '../core/operation.ts';
import { recordEvent } from '../job-analytics/index.ts';
import { serializeJob } from '../jobs/index.ts';
import { type CachedReply, notModified, PUBLIC_CACHE_CONTROL, rememberedClient } from '../plugins/page-cache.ts';
import { pageCacheOf } from '../plugins/session-cache.ts';
import { publicClient } from './public-client.ts';
import { searchJobs } from './search-jobs.ts';
import { understoodFields } from './search-reply.ts';

/**
 * A cached (or just rendered) reply with its validators, or a bodiless 304 when the caller's copy is
 * current (without the Content-Security-Policy header: the browser keeps the one stored with its copy).
 */
function cachedAnswer(caller: Caller, entry: CachedReply) {
  const headers: Record<string, string> = { 'cache-control': PUBLIC_CACHE_CONTROL, vary: 'Accept-Encoding' };
  if (entry.status === 200) Object.assign(headers, { etag: entry.etag, 'last-modified': entry.lastModified });
  if (notModified(caller, entry)) return answer({ status: 304, headers, removeHeaders: ['content-security-policy'] });
  return answer({ status: entry.status, headers: { ...headers, 'content-type': entry.type }, body: entry.body });
}

/**
 * GET /api/search-jobs. Search replies are public and read far more than jobs change: kept in the page
 * cache by client and query (plugins/page-cache.ts), revalidated with ETag/304, dropped when the
 * client's jobs change. The client is the one the query names (clientId or nameSlug), never the
 * portal's selected client.
 */
export const searchPublicJobs: Operation<typeof r.search, 'db' | 'log'> = async (deps, input) => {
  const cache = pageCacheOf(deps.db);
  const { actor: _actor, clientId: _clientId, clientIdSelected, caller, upload: _upload, ...q } = input;
  const clientId = clientIdSelected ? undefined : input.clientId;
  const client = await rememberedClient(cache, clientId ? `id:${clientId}` : `slug:${(q.nameSlug ?? '').toLowerCase()}`, () =>
    publicClient(deps, { clientId, nameSlug: q.nameSlug }),
  );
  if (!client) return answer({}); // never: publicClient throws the 400 or 404 of an unknown client
  const slot = cache?.usable ? { route: `api${caller.url}`, ticket: cache.ticket(client.id) } : null;
  const hit = slot && cache?.get(client.id, slot.route);
  if (hit) {
    if (hit.event) recordEvent(deps, { clientId: client.id, ...hit.event });
    return cachedAnswer(caller, hit);
  }
  const found = await searchJobs(deps, { ...q, clientId: client.id });
  const searched = !!(q.keywords || q.q || q.location || q.zipcode || q.city);
  const data = { keywords: q.keywords ?? q.q ?? null, location: found.location?.label ?? null };
  if (searched) recordEvent(deps, { clientId: client.id, type: 'search', jobId: null, data });
  const out = {
    // Result summaries (a 300-character description) unless the caller asks for fullDescription.
    results: found.rows.map((x) => serializeJob(x.row, client, { distance: x.distance, fullDescription: q.fullDescription === true })),
    totalCount: found.totalCount,
    summary: found.summary,
    location: found.location,
    ...understoodFields(found, client),
  };
  if (!cache || !slot) return out;
  // Serialised once, through the reply schema as the route would (undeclared fields never leave).
  const body = JSON.stringify(r.search.reply.parse(out));
  const event = searched ? { type: 'search' as const, jobId: null, data } : undefined;
  return cachedAnswer(caller, cache.fill(slot.ticket, slot.route, { status: 200, type: 'application/json; charset=utf-8', body, event }));
};

/** GET /api/jobs-summary/:id: the search's summary of the client named in the path. */
export const summarizePublicJobs: Operation<typeof r.summary, 'db'> = async ({ db }, input) => {
  const { actor: _actor, clientId: _clientId, clientIdSelected: _selected, caller: _caller, upload: _upload, id, ...q } = input;
  const client = await publicClient({ db }, { clientId: id });
  return (await searchJobs({ db }, { ...q, clientId: client.id, pageSize: 1 })).summary;
};
