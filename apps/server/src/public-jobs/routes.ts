import { publicJobRoutes } from '@hh/contract/public-jobs';
import type { FastifyInstance } from 'fastify';
import { recordEvent } from '../job-analytics/index.ts';
import { serializeJob } from '../jobs/index.ts';
import { route } from '../plugins/route.ts';
import { getJobContainer } from './get-job-container.ts';
import { getPublicJob } from './get-public-job.ts';
import { listPublishedCategories } from './list-published-categories.ts';
import { publicClient } from './public-client.ts';
import { searchJobs } from './search-jobs.ts';
import { similarJobs } from './similar-jobs.ts';

/** The public job calls the career sites and job boards make (no sign-in): publicJobRoutes of the contract. */
export default async function publicJobsRoutes(app: FastifyInstance) {
  route(app, publicJobRoutes.container, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    return getJobContainer(app.db, client);
  });

  route(app, publicJobRoutes.search, async (req) => {
    const client = await publicClient(app.db, req.query);
    const found = await searchJobs(app.db, client.id, req.query);
    if (req.query.keywords || req.query.q || req.query.location || req.query.zipcode || req.query.city) {
      recordEvent(app, client.id, 'search', null, { keywords: req.query.keywords ?? req.query.q ?? null, location: found.location?.label ?? null });
    }
    return {
      results: found.rows.map((x) => serializeJob(x.row, client, { distance: x.distance, fullDescription: req.query.fullDescription })),
      totalCount: found.totalCount,
      summary: found.summary,
      location: found.location,
    };
  });

  route(app, publicJobRoutes.summary, async (req) => {
    const client = await publicClient(app.db, { clientId: req.params.id });
    return (await searchJobs(app.db, client.id, { ...req.query, pageSize: 1 })).summary;
  });

  route(app, publicJobRoutes.getJob, async (req) => {
    const client = await publicClient(app.db, { nameSlug: req.query.nameSlug });
    return serializeJob(await getPublicJob(app.db, client.id, req.query.jobId), client);
  });

  route(app, publicJobRoutes.similarJobs, async (req) => {
    const client = await publicClient(app.db, req.query);
    await getPublicJob(app.db, client.id, req.query.jobId);
    const rows = await similarJobs(app.db, client.id, req.query.jobId, req.query.maxDistance);
    return { results: rows.map((row) => serializeJob(row, client, { fullDescription: false })), totalCount: rows.length };
  });

  route(app, publicJobRoutes.publishedCategories, async (req) => listPublishedCategories(app.db, req.query));
}
