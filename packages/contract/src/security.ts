import { z } from 'zod';
import { paged } from './common.ts';
import { job, searchJobsReply } from './jobs.ts';

/** Texts of the hardening controls (decision 0400). The spec leaves them to us; docs/security.md lists them. */

/** Deepest JSON nesting a request may have: deeper JSON is a 400, never a stack overflow (decision 0400). */
export const MAX_JSON_DEPTH = 64;

/**
 * The public face of a job (decision 0400: internal job fields once leaked): what public search, similar jobs and job pages may
 * answer. Recruiter contact, budget, adid, questions list and reference number never leave through a
 * public route; the contract test (public-job.test.ts) fails if an internal field appears.
 */
export const publicJob = job.pick({
  _id: true,
  clientId: true,
  title: true,
  description: true,
  departmentId: true,
  department: true,
  categoryId: true,
  category: true,
  employmentType: true,
  address1: true,
  city: true,
  state: true,
  zipCode: true,
  country: true,
  lat: true,
  lng: true,
  remote: true,
  salaryMin: true,
  salaryMax: true,
  salaryCurrency: true,
  salaryPeriod: true,
  datePosted: true,
  validThrough: true,
  applyUrl: true,
  indeedApply: true,
  language: true,
  url: true,
  distance: true,
});

/** Fields of `job` that are internal: never in a public reply. */
export const INTERNAL_JOB_FIELDS = [
  'recruiterEmail',
  'recruiterName',
  'recruitersAssigned',
  'budget',
  'adid',
  'questionsListId',
  'referenceNumber',
  'requisitionId',
  'status',
  'createdAt',
  'updatedAt',
] as const;

/** GET /api/search-jobs: the public search reply, results whitelisted. */
export const publicSearchJobsReply = searchJobsReply.extend({ results: z.array(publicJob), nearest: z.array(publicJob).optional() });
/** GET /api/similar-jobs. */
export const publicJobList = paged(publicJob);
