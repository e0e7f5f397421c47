import { z } from 'zod';
import { budget } from './feed.ts';
import { id, nullableUrlField, paged, queryBool } from './common.ts';
import { defineRoute } from './route.ts';
import { clientIdQuery, errors, jobTags } from './shared.ts';

/**
 * Jobs, job planning and job search (recruiting spec 001: Jobs). The departments and categories,
 * prequalification questions, imports, the dashboard and the location calls have their schemas in
 * their own contract files (decision 0011); the names are re-exported below so `@hh/contract/jobs`
 * keeps giving them to older imports.
 */

const str = (max = 500) => z.string().trim().max(max);
const nstr = (max = 500) => str(max).nullable();

/** Server texts the spec leaves to us (the spec's own texts are in messages.ts). */

export const jobStatus = z.enum(['draft', 'open', 'closed']);
export const employmentTypes = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'] as const;
export const employmentType = z.enum(employmentTypes);
/** How each employment type reads on the career site and in the portal (schema.org values underneath). */
export const employmentTypeLabels: Record<(typeof employmentTypes)[number], string> = {
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  CONTRACTOR: 'Contract',
  TEMPORARY: 'Temporary',
  INTERN: 'Internship',
  VOLUNTEER: 'Volunteer',
  PER_DIEM: 'Per diem',
  OTHER: 'Other',
};
export const salaryPeriod = z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']);

/** Limits (bad input is a 400, never a slow or huge query): bounded query, radius and page size. */
export const SEARCH_LIMITS = { maxQueryChars: 200, maxRadiusMiles: 500, maxPageSize: 100, defaultRadiusMiles: 25, similarJobsMiles: 80 } as const;

/** Fields a portal user (or an import) may write. */
export const jobWritable = z.object({
  title: str(300).min(1),
  description: z.string().max(100_000).default(''),
  departmentId: id.nullable().optional(),
  categoryId: id.nullable().optional(),
  employmentType: employmentType.nullable().optional(),
  address1: nstr(200).optional(),
  city: nstr(120).optional(),
  state: nstr(60).optional(),
  zipCode: nstr(20).optional(),
  country: str(2).toUpperCase().optional(),
  remote: z.boolean().optional(),
  salaryMin: z.number().min(0).max(100_000_000).nullable().optional(),
  salaryMax: z.number().min(0).max(100_000_000).nullable().optional(),
  salaryCurrency: str(3).toUpperCase().optional(),
  salaryPeriod: salaryPeriod.nullable().optional(),
  datePosted: z.iso.datetime({ offset: true }).optional(),
  validThrough: z.iso.datetime({ offset: true }).nullable().optional(),
  requisitionId: nstr(100).optional(),
  referenceNumber: str(100).min(1).optional(),
  applyUrl: nullableUrlField().optional(),
  recruitersAssigned: z.array(str(254)).max(50).optional(),
  recruiterName: nstr(200).optional(),
  recruiterEmail: z.email().max(254).nullable().optional(),
  status: jobStatus.optional(),
  language: str(10).optional(),
  /** How many people the job hires; an accepted offer takes one, and at 0 the recruiter is offered to close the job. */
  openPositions: z
    .number({ message: 'Open positions must be a whole number from 0 to 10,000' })
    .int('Open positions must be a whole number from 0 to 10,000')
    .min(0, 'Open positions must be a whole number from 0 to 10,000')
    .max(10_000, 'Open positions must be a whole number from 0 to 10,000')
    .optional(),
});
export type JobWritable = z.infer<typeof jobWritable>;

export const job = z.object({
  _id: id,
  clientId: id,
  title: z.string(),
  description: z.string(),
  departmentId: id.nullable(),
  department: z.string().nullable(),
  categoryId: id.nullable(),
  category: z.string().nullable(),
  employmentType: z.string().nullable(),
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  remote: z.boolean(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  salaryCurrency: z.string(),
  salaryPeriod: z.string().nullable(),
  datePosted: z.string(),
  validThrough: z.string().nullable(),
  requisitionId: z.string().nullable(),
  referenceNumber: z.string(),
  applyUrl: z.string().nullable(),
  recruitersAssigned: z.array(z.string()),
  recruiterName: z.string().nullable(),
  recruiterEmail: z.string().nullable(),
  status: jobStatus,
  /** How many people the job still hires (not in the public job replies). */
  openPositions: z.number().int(),
  adid: z.string().nullable(),
  budget: z.number().nullable(),
  indeedApply: z.boolean(),
  questionsListId: z.string().nullable(),
  language: z.string(),
  /** Public path of the job page on the product host. */
  url: z.string(),
  distance: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof job>;
export const jobList = paged(job);

export const createJobRequest = jobWritable.extend({ clientId: id });
/**
 * A partial update changes only the fields it names. zod's `.partial()` keeps `.default()`s, so a
 * PATCH naming only `status` (the portal's Undo after bulk close) reset the description
 * to ''. `description` is the one defaulted field: it is optional here without its default.
 */
export const updateJobRequest = jobWritable.partial().extend({ _id: id, clientId: id, description: z.string().max(100_000).optional() });
export const jobReply = job.extend({ message: z.string().optional() });
export const bulkCloseRequest = z.object({ clientId: id, jobIds: z.array(id).min(1).max(1000) });
export const bulkCloseReply = z.object({ message: z.string(), closed: z.number().int() });

export const listJobsQuery = z.object({
  clientId: id,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPageSize).default(25),
  status: z.union([jobStatus, z.literal('all')]).default('all'),
  search: z.string().max(1000).optional(),
  departmentId: id.optional(),
  sortBy: z.enum(['title', 'datePosted', 'city', 'status', 'updatedAt']).default('datePosted'),
  sortDir: z.enum(['asc', 'desc']).default('desc'),
});

/** Job-planning entry (core spec §3): budget is a dollar amount as a string. */
export const jobPlanning = z.object({
  _id: id,
  clientId: id,
  adid: z.string().nullable(),
  title: z.string(),
  referenceNumber: z.string(),
  status: jobStatus,
  budget: z.string(),
  indeedApply: z.boolean(),
  questionsListId: z.string().nullable(),
});
export const jobPlanningList = paged(jobPlanning);
export const mvpUpdateRequest = z.object({
  clientId: id,
  _id: id.optional(),
  adid: str(100).optional(),
  // One budget rule for the planner and this call: a dollar amount (feed.ts `budget`), or a number.
  budget: z.preprocess((v) => (typeof v === 'number' && v >= 0 ? v.toFixed(2) : v), budget).optional(),
  indeedApply: z.boolean().optional(),
  questionsListId: nstr(100).optional(),
});
export const mvpSetClientIdsRequest = z.object({ clientId: id, jobIds: z.array(id).max(10000).optional() });
export const mvpSetClientIdsReply = z.object({ message: z.string(), assigned: z.number().int() });

// ---------- Public search ----------

export const searchSort = z.enum(['relevance', 'date', 'distance']);

/** GET /api/search-jobs (and /api/jobs-summary/{id}). Every bound is enforced here. */
export const searchJobsQuery = z.object({
  clientId: id.optional(),
  nameSlug: str(80).optional(),
  /** keywords: `keywords`, `q` and the feed's `search` are accepted. */
  keywords: z.string().optional(),
  q: z.string().optional(),
  search: z.string().optional(),
  zipcode: str(10).optional(),
  city: str(120).optional(),
  state: str(60).optional(),
  /** "Austin, TX" or "78701". */
  location: str(200).optional(),
  radius: z.coerce.number().min(0).max(SEARCH_LIMITS.maxRadiusMiles, `radius must be at most ${SEARCH_LIMITS.maxRadiusMiles} miles`).optional(),
  departmentId: z.union([id, z.array(id).max(50)]).optional(),
  categoryId: z.union([id, z.array(id).max(50)]).optional(),
  employmentType: z.union([str(30), z.array(str(30)).max(10)]).optional(),
  remote: queryBool.optional(),
  salaryMin: z.coerce.number().min(0).max(100_000_000).optional(),
  salaryMax: z.coerce.number().min(0).max(100_000_000).optional(),
  sort: searchSort.default('relevance'),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxPageSize, `pageSize must be at most ${SEARCH_LIMITS.maxPageSize}`).default(20),
  fullDescription: queryBool.optional(),
  excludeJobId: id.optional(),
});
export type SearchJobsQuery = z.infer<typeof searchJobsQuery>;

const facet = z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() }));
/** Jobs summary (001 §3): cities, departments, employmentTypes, countries, salaries, languages. */
export const jobsSummary = z.object({
  cities: facet,
  departments: facet,
  employmentTypes: facet,
  countries: facet,
  salaries: facet,
  languages: facet,
});
export type JobsSummary = z.infer<typeof jobsSummary>;
/**
 * The place the search understood (decision 0601): a point with its radius, or a whole state, country
 * or remote work (no distance: radius, and for a country or remote lat and lng, are null). `corrected`:
 * the text was read as another place than it spells ("Chicgo" is Chicago, IL).
 */
export const searchLocation = z.object({
  label: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  radius: z.number().nullable(),
  kind: z.enum(['point', 'state', 'country', 'remote']).optional(),
  corrected: z.boolean().optional(),
});
/** When nothing matched: why, in words for the seeker, and the closest job titles (the nearest jobs are `nearest`). */
export const searchNoResults = z.object({
  kind: z.enum(['nearest', 'titles', 'none']),
  message: z.string(),
  titles: z.array(z.object({ title: z.string(), count: z.number().int() })).optional(),
});
export const searchJobsReply = z.object({
  results: z.array(job),
  totalCount: z.number().int(),
  summary: jobsSummary,
  location: searchLocation.nullable(),
  /** A location text that names no known place: the results are from every location. */
  unknownLocation: z.string().nullable().optional(),
  /** Synonyms searched besides the words typed ("registered nurse" for "RN"). */
  synonyms: z.array(z.string()).optional(),
  noResults: searchNoResults.nullable().optional(),
  /** Nothing within the distance: the nearest matching jobs, each with its distance. */
  nearest: z.array(job).optional(),
});

export const recruitersAssignedReply = paged(z.object({ email: z.string(), name: z.string().nullable(), jobCount: z.number().int() }));

export const jobsContainerReply = z.object({
  client: z.object({
    _id: id,
    name: z.string(),
    nameSlug: z.string(),
    virtualAppName: z.string().nullable(),
    domainURL: z.string().nullable(),
    logo: z.string().nullable(),
  }),
  departments: z.array(z.object({ _id: id, name: z.string(), jobCount: z.number().int() })),
  categories: z.array(z.object({ id: id, name: z.string() })),
  totalCount: z.number().int(),
  searchUrl: z.string(),
});

export { queryBool };

// ---------- Requests the routes declared inline before the route table ----------

export const getJobQuery = z.object({ clientId: z.uuid(), jobId: z.uuid() });
export const mvpGetByIdQuery = z.object({ adid: z.string().trim().min(1).max(100), clientId: z.uuid() });
export const mvpUpdateReply = jobPlanning.extend({ message: z.string() });

/** Public: the career sites and the job-board calls (their routes are `publicJobRoutes` in public-jobs.ts). */
export const jobsContainerQuery = z.object({ nameSlug: z.string().trim().min(1).max(80) });
export const jobsSummaryParams = z.object({ id: z.uuid() });
export const publicJobQuery = z.object({ nameSlug: z.string().trim().min(1).max(80), jobId: z.uuid() });
export const similarJobsQuery = z.object({
  nameSlug: z.string().trim().max(80).optional(),
  clientId: z.uuid().optional(),
  jobId: z.uuid(),
  maxDistance: z.coerce.number().min(1).max(SEARCH_LIMITS.maxRadiusMiles).optional(),
});
/** 001 §7 categories: GET /jobs/JsonPubCats.ashx?v=&all=true -> { id: name } for the client whose virtualAppName is v. */
export const publishedCategoriesQuery = z.object({ v: z.string().trim().min(1).max(100), all: z.string().optional() });
export const publishedCategoriesReply = z.record(z.string(), z.string());

// ---------- The route table (decision 0006) ----------

export { clientIdQuery, errors, jobTags };

/** Job management and job planning (apps/server/src/jobs/routes.ts) and the dashboard (apps/server/src/job-analytics/routes.ts). */
export const jobRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/job/list-by-client-id', query: listJobsQuery, status: 200, reply: jobList, errors, tags: jobTags }),
  getById: defineRoute({ method: 'GET', path: '/api/job/get-by-id', query: getJobQuery, status: 200, reply: job, errors, tags: jobTags }),
  create: defineRoute({ method: 'POST', path: '/api/job/create', body: createJobRequest, status: 201, reply: jobReply, errors, tags: jobTags }),
  update: defineRoute({ method: 'PATCH', path: '/api/job/update', body: updateJobRequest, status: 200, reply: jobReply, errors, tags: jobTags }),
  bulkClose: defineRoute({ method: 'POST', path: '/api/job/bulk-close', body: bulkCloseRequest, status: 200, reply: bulkCloseReply, errors, tags: jobTags }),
  recruitersAssigned: defineRoute({
    method: 'GET',
    path: '/api/get-recruiters-assigned',
    query: clientIdQuery,
    status: 200,
    reply: recruitersAssignedReply,
    errors,
    tags: jobTags,
  }),
  // Job planning (core spec §3 "Job-planning entry"; read by the Indeed feed).
  mvpList: defineRoute({ method: 'GET', path: '/api/job/mvp', query: clientIdQuery, status: 200, reply: jobPlanningList, errors, tags: jobTags }),
  mvpGetById: defineRoute({ method: 'GET', path: '/api/job/mvp-get-by-id', query: mvpGetByIdQuery, status: 200, reply: jobPlanning, errors, tags: jobTags }),
  mvpUpdate: defineRoute({ method: 'PATCH', path: '/api/job/mvp-update', body: mvpUpdateRequest, status: 200, reply: mvpUpdateReply, errors, tags: jobTags }),
  mvpSetClientIds: defineRoute({
    method: 'POST',
    path: '/api/job/mvp-set-client-ids',
    body: mvpSetClientIdsRequest,
    status: 200,
    reply: mvpSetClientIdsReply,
    errors,
    tags: jobTags,
  }),
};

// ---------- Names that moved to their domain's contract file ----------

export {
  type Department,
  categoryList,
  categoryReply,
  category,
  createDepartmentRequest,
  deleteCategoryQuery,
  deleteDepartmentBody,
  deleteDepartmentQuery,
  deleteDepartmentRequest,
  department,
  departmentList,
  departmentReply,
  departmentTags,
  departmentsByCategoryIdsQuery,
  departmentsByIdsQuery,
  departmentsQuery,
  departmentsReply,
  idList,
  saveCategoryRequest,
  updateDepartmentRequest,
} from './departments.ts';
export {
  createPrequalificationRequest,
  deletePrequalificationQuery,
  deletePrequalificationReply,
  prequalificationList,
  prequalificationQuery,
  prequalificationQuestion,
  prequalificationReply,
  prequalificationSet,
  prequalificationTags,
  updatePrequalificationRequest,
} from './prequalification.ts';
export { importErrors, jobImport, jobImportList, jobImportParams, jobImportReply } from './job-imports.ts';
export { dashboardQuery, dashboardReply } from './job-analytics.ts';
export {
  crmLocationSuggestionsQuery,
  locationErrors,
  locationSuggestion,
  locationSuggestions,
  locationSuggestionsQuery,
  locationTags,
  publicLocationSuggestionsQuery,
  searchAddressParams,
  searchAddressQuery,
  validateZipQuery,
  validateZipReply,
} from './locations.ts';
