import { publicJobRoutes as r } from '@hh/contract/public-jobs';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getJobContainer } from './get-job-container.ts';
import { getPublicJob } from './get-public-job.ts';
import { listPublishedCategories } from './list-published-categories.ts';
import { searchPublicJobs, summarizePublicJobs } from './search-public-jobs.ts';
import { listSimilarJobs } from './similar-jobs.ts';

/** The public job calls the career sites and job boards make (no sign-in): publicJobRoutes of the contract. */
export default async function publicJobsRoutes(app: FastifyInstance) {
  route(app, r.container, getJobContainer);
  route(app, r.search, searchPublicJobs);
  route(app, r.summary, summarizePublicJobs);
  route(app, r.getJob, getPublicJob);
  route(app, r.similarJobs, listSimilarJobs);
  route(app, r.publishedCategories, listPublishedCategories);
}
