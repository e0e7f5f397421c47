import { publicJobRoutes } from '@hh/contract/public-jobs';
import type { FastifyInstance } from 'fastify';
import { recordEvent } from '../job-analytics/index.ts';
import { serializeJob } from '../jobs/index.ts';
import { legacyRoute } from '../plugins/route.ts';
import { getJobContainer } from './get-job-container.ts';
import { getPublicJob } from './get-public-job.ts';
import { listPublishedCategories } from './list-published-categories.ts';
import { publicClient } from './public-client.ts';
import { searchJobs } from './search-jobs.ts';
import { understoodFields } from './search-reply.ts';
import { similarJobs } from './similar-jobs.ts';
import { rememberedClient, sendCached } from '../plugins/page-cache.ts';
import { pageCacheOf } from '../plugins/session-cache.ts';

/** The public job calls the career sites and job boards make (no sign-in): publicJobRoutes of the contract. */
export default async function publicJobsRoutes(app: FastifyInstance) {
  legacyRoute(app, publicJobRoutes.container, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    return getJobContainer(app.db, client);
  });

  // Search replies are public and read far more than jobs change: kept in the page cache by client
  // and query (plugins/page-cache.ts), revalidated with ETag/304, dropped when the client's jobs change.
  legacyRoute(app, publicJobRoutes.search, async (req, reply) => {
    const cache = pageCacheOf(app.db);
    const q = req.query;
    const client = await rememberedClient(cache, q.clientId ? `id:${q.clientId}` : `slug:${(q.nameSlug ?? '').toLowerCase()}`, () => publicClient(app.db, q));
    if (!client) return undefined; // never: publicClient throws the 400 or 404 of an unknown client
    const slot = cache?.usable ? { route: `api${req.url}`, ticket: cache.ticket(client.id) } : null;
    const hit = slot && cache?.get(client.id, slot.route);
    if (hit) {
      if (hit.event) recordEvent(app, client.id, hit.event.type, hit.event.jobId, hit.event.data);
      return sendCached(req, reply, hit);
    }
    const found = await searchJobs(app.db, client.id, q);
    const searched = !!(q.keywords || q.q || q.location || q.zipcode || q.city);
    const data = { keywords: q.keywords ?? q.q ?? null, location: found.location?.label ?? null };
    if (searched) recordEvent(app, client.id, 'search', null, data);
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
    const body = JSON.stringify(publicJobRoutes.search.reply.parse(out));
    const event = searched ? { type: 'search' as const, jobId: null, data } : undefined;
    return sendCached(req, reply, cache.fill(slot.ticket, slot.route, { status: 200, type: 'application/json; charset=utf-8', body, event }));
  });

  legacyRoute(app, publicJobRoutes.summary, async (req) => {
    const client = await publicClient(app.db, { clientId: req.params.id });
    return (await searchJobs(app.db, client.id, { ...req.query, pageSize: 1 })).summary;
  });

  legacyRoute(app, publicJobRoutes.getJob, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    return serializeJob(await getPublicJob(app.db, client.id, req.query.jobId), client);
  });

  legacyRoute(app, publicJobRoutes.similarJobs, async (req) => {
    const client = await publicClient(app.db, req.query);
    await getPublicJob(app.db, client.id, req.query.jobId);
    const rows = await similarJobs(app.db, client.id, req.query.jobId, req.query.maxDistance);
    return { results: rows.map((row) => serializeJob(row, client, { fullDescription: false })), totalCount: rows.length };
  });

  legacyRoute(app, publicJobRoutes.publishedCategories, async (req) => listPublishedCategories(app.db, req.query));
}
