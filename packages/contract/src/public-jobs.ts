import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';
import {
  jobsContainerQuery,
  jobsContainerReply,
  jobsSummary,
  jobsSummaryParams,
  publicJobQuery,
  publishedCategoriesQuery,
  publishedCategoriesReply,
  searchJobsQuery,
  similarJobsQuery,
} from './jobs.ts';
import { publicJob, publicJobList, publicSearchJobsReply } from './security.ts';

/**
 * Public job calls of the career sites and the job boards (apps/server/src/public-jobs/routes.ts). They live
 * apart from `jobRoutes` because their replies are the public face of a job (security.ts), which is
 * built from jobs.ts: jobs.ts importing security.ts would be an import cycle.
 * They answer the signed-in errors as the jobs routes did before the route table.
 */
const errors = SIGNED_IN_ERRORS;
const tags = ['jobs'];

export const publicJobRoutes = {
  container: defineRoute({
    method: 'GET',
    path: '/api/jobs/container',
    auth: 'public',
    query: jobsContainerQuery,
    status: 200,
    reply: jobsContainerReply,
    errors,
    tags,
  }),
  search: defineRoute({
    method: 'GET',
    path: '/api/search-jobs',
    auth: 'public',
    query: searchJobsQuery,
    status: 200,
    reply: publicSearchJobsReply,
    errors,
    tags,
  }),
  summary: defineRoute({
    method: 'GET',
    path: '/api/jobs-summary/:id',
    auth: 'public',
    params: jobsSummaryParams,
    query: searchJobsQuery,
    status: 200,
    reply: jobsSummary,
    errors,
    tags,
  }),
  getJob: defineRoute({ method: 'GET', path: '/api/get-job', auth: 'public', query: publicJobQuery, status: 200, reply: publicJob, errors, tags }),
  similarJobs: defineRoute({
    method: 'GET',
    path: '/api/similar-jobs',
    auth: 'public',
    query: similarJobsQuery,
    status: 200,
    reply: publicJobList,
    errors,
    tags,
  }),
  /** 001 §7 categories: the job boards' `{ id: name }` list (not under /api/). */
  publishedCategories: defineRoute({
    method: 'GET',
    path: '/jobs/JsonPubCats.ashx',
    auth: 'public',
    query: publishedCategoriesQuery,
    status: 200,
    reply: publishedCategoriesReply,
    errors,
    tags,
  }),
};
