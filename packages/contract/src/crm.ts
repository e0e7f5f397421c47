import { z } from 'zod';
import { id } from './common.ts';
import { messages } from './messages.ts';
import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Candidate CRM (decision 0012; recruiting spec 001 §7 "Candidates and CRM", §8 messages).
 * The spec's texts live in messages.recruiting; the texts the spec leaves to us are here.
 */
const m = messages.recruiting;

/** Default pipeline (decision 0012); each client may rename and reorder it. */
export const DEFAULT_STATUSES = ['New', 'Screening', 'Interview', 'Offer', 'Hired', 'Rejected'] as const;
export const DEFAULT_SOURCES = ['careersite', 'indeed', 'manual', 'import', 'referral'] as const;
export const CRM_LIMITS = { maxPageSize: 100, defaultPageSize: 25, maxQueryChars: 500, maxRadiusMiles: 500, maxTags: 50, maxSkills: 100 } as const;

const str = (max = 500) => z.string().trim().max(max);
/** A comma-joined query list (the spec's status filter, §4), also accepted as a repeated key. */
const csv = (max = 50) =>
  z
    .union([z.string().max(5000), z.array(z.string().max(500)).max(max)])
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(','))
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, max),
    )
    .optional();
const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

export const candidateAddress = z.object({
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
});
export const experienceEntry = z.object({
  title: str(300).optional(),
  employer: str(300).optional(),
  startDate: str(40).optional(),
  endDate: str(40).optional(),
  description: str(5000).optional(),
});
export const educationEntry = z.object({ school: str(300).optional(), degree: str(300).optional(), field: str(300).optional(), endDate: str(40).optional() });

export const candidateFile = z.object({
  name: z.string(),
  blobPath: z.string(),
  contentType: z.string(),
  kind: z.string(),
  size: z.number().nullable(),
  createdAt: z.string(),
});
export const applicationAnswer = z.object({ questionId: z.string().optional(), question: z.string(), answer: z.string() });
export const candidateApplication = z.object({
  _id: id,
  jobId: id,
  jobTitle: z.string(),
  jobReference: z.string().nullable(),
  source: z.string(),
  status: z.string(),
  /** The application's stage of its job's pipeline (docs/pipeline.md); null only for a job without stages yet. */
  stageId: id.nullable(),
  stageName: z.string().nullable(),
  outcome: z.enum(['active', 'rejected', 'withdrawn']),
  answers: z.array(applicationAnswer),
  resume: candidateFile.nullable(),
  createdAt: z.string(),
});

export const candidate = z.object({
  _id: id,
  doc_id: id.optional(),
  clientId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: candidateAddress,
  source: z.string(),
  tags: z.array(z.string()),
  status: z.string(),
  favorite: z.boolean(),
  assignedJobs: z.array(id),
  resumeText: z.string(),
  skills: z.array(z.string()),
  experience: z.array(experienceEntry),
  education: z.array(educationEntry),
  files: z.array(candidateFile),
  applications: z.array(candidateApplication),
  consent: z.object({ text: z.string(), at: z.string(), source: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Search results only: why the candidate matched (HTML with <mark>, escaped). */
  highlight: z.string().optional(),
  distance: z.number().nullable().optional(),
  /** The candidate's address unsubscribed from this client's campaigns (shown in the CRM). */
  unsubscribed: z.boolean().optional(),
});
export type Candidate = z.infer<typeof candidate>;
export const candidateList = z.object({
  results: z.array(candidate),
  totalCount: z.number().int(),
  /** Search only: misspelled words of the query and the known words also searched for ("nurce" → nurse). */
  corrections: z.array(z.object({ term: z.string(), suggestions: z.array(z.string()) })).optional(),
  /** Present (true) when totalCount is an estimate: more than 1,000 matches are not counted one by one (decision 0540). */
  totalCountEstimated: z.boolean().optional(),
});

export const sortBy = z.enum(['createdAt', 'updatedAt', 'firstName', 'lastName', 'email', 'status', 'source', 'relevance', 'distance']);
const fetchError = { error: m.candidatesFetchError };

/** GET api/get-candidates: the spec's query names (001 §7). */
export const getCandidatesQuery = z.object({
  clientId: id,
  pageNumber: z.coerce.number(fetchError).int(fetchError).min(1, fetchError).max(100_000, fetchError).default(1),
  pageSize: z.coerce.number(fetchError).int(fetchError).min(1, fetchError).max(CRM_LIMITS.maxPageSize, fetchError).default(CRM_LIMITS.defaultPageSize),
  sortBy: z.enum(sortBy.options, fetchError).default('createdAt'),
  sortDir: z.enum(['asc', 'desc'], fetchError).default('desc'),
  /** At most CRM_LIMITS.maxQueryChars characters; a longer text is refused with a message naming the limit. */
  searchQuery: z
    .string(fetchError)
    .max(CRM_LIMITS.maxQueryChars, { error: messages.crm.searchQueryTooLong(CRM_LIMITS.maxQueryChars) })
    .optional(),
  favorites: queryFlag,
  /** Comma-joined pipeline statuses (§4). */
  status: csv(),
  /** Comma-joined job ids. */
  assignedJobs: csv(),
});

/** GET api/crm/candidates: the same, plus the facet filters and a radius around a zip code. */
export const crmCandidatesQuery = getCandidatesQuery.extend({
  source: csv(),
  tags: csv(),
  skills: csv(),
  city: csv(),
  state: csv(),
  zipCode: z.string(fetchError).trim().max(10, fetchError).optional(),
  radius: z.coerce.number(fetchError).min(1, fetchError).max(CRM_LIMITS.maxRadiusMiles, fetchError).optional(),
  createdFrom: z.iso.date(fetchError).optional(),
  createdTo: z.iso.date(fetchError).optional(),
  listId: id.optional(),
});
export type CrmCandidatesQuery = z.infer<typeof crmCandidatesQuery>;

export const facetCount = z.object({ value: z.string(), label: z.string().optional(), count: z.number().int() });
export const filterFacets = z.object({
  status: z.array(facetCount),
  source: z.array(facetCount),
  tags: z.array(facetCount),
  city: z.array(facetCount),
  state: z.array(facetCount),
  assignedJobs: z.array(facetCount),
  skills: z.array(facetCount),
  total: z.number().int(),
});
export type FilterFacets = z.infer<typeof filterFacets>;
export const clientIdQuery = z.object({ clientId: id });
export const optionalClientIdQuery = z.object({ clientId: id.optional() });

const email = z.email().max(254);
const writableAddress = z.object({
  city: str(120).nullable().optional(),
  state: str(60).nullable().optional(),
  zipCode: str(20).nullable().optional(),
  country: str(60).nullable().optional(),
});

/** Fields a recruiter may write on a candidate. */
export const candidateWritable = z.object({
  firstName: str(100).optional(),
  lastName: str(100).optional(),
  email: email.optional(),
  phone: str(40).nullable().optional(),
  address: writableAddress.optional(),
  source: str(100).optional(),
  tags: z.array(str(60).min(1)).max(CRM_LIMITS.maxTags).optional(),
  status: str(60).min(1).optional(),
  favorite: z.boolean().optional(),
  assignedJobs: z.array(id).max(200).optional(),
  resumeText: z.string().max(200_000).optional(),
  skills: z.array(str(100).min(1)).max(CRM_LIMITS.maxSkills).optional(),
  experience: z.array(experienceEntry).max(50).optional(),
  education: z.array(educationEntry).max(20).optional(),
});
export type CandidateWritable = z.infer<typeof candidateWritable>;

export const createCandidateRequest = candidateWritable.extend({
  clientId: id,
  firstName: str(100).min(1),
  lastName: str(100).min(1),
  email,
});
export const updateCandidateRequest = candidateWritable.extend({ _id: id, clientId: id });
export const updateCandidateByIdRequest = candidateWritable.extend({ clientId: id });
/** PATCH api/crm/candidates: one candidate (`_id`) or many (`_ids`, bulk tag and status). */
export const patchCrmCandidatesRequest = candidateWritable.extend({
  clientId: id,
  _id: id.optional(),
  _ids: z.array(id).min(1).max(1000).optional(),
  addTags: z.array(str(60).min(1)).max(CRM_LIMITS.maxTags).optional(),
  removeTags: z.array(str(60).min(1)).max(CRM_LIMITS.maxTags).optional(),
});
export const candidateReply = candidate.extend({ message: z.string() });
export const bulkUpdateReply = z.object({ message: z.string(), updated: z.number().int(), results: z.array(candidate) });

export const applicantCount = z.object({
  total: z.number().int(),
  new: z.number().int(),
  jobs: z.array(z.object({ jobId: id, total: z.number().int(), new: z.number().int() })),
});

export const respondentMetricsQuery = z.object({
  clientId: id,
  from: z.iso.date({ error: m.respondentMetricsError }).optional(),
  to: z.iso.date({ error: m.respondentMetricsError }).optional(),
});
export const respondentMetrics = z.object({
  total: z.number().int(),
  newInPeriod: z.number().int(),
  applications: z.number().int(),
  bySource: z.array(facetCount),
  byStatus: z.array(facetCount),
  perDay: z.array(z.object({ date: z.string(), source: z.string(), count: z.number().int() })),
  medianHoursToFirstResponse: z.number().nullable(),
  /** The period the figures cover (the query's, or the last 30 days), as YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  /** Candidates who arrived in the period by their status now, in the client's pipeline order; statuses outside the pipeline last. */
  funnel: z.array(z.object({ status: z.string(), count: z.number().int(), inPipeline: z.boolean() })),
  /** From an application to the first recruiter action in the candidate's timeline (views do not count), in hours. */
  firstResponse: z.object({
    medianHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
    responded: z.number().int(),
    waiting: z.number().int(),
  }),
  /** Saved-search alerts and how many candidates who arrived in the period each one matches (null: its filters no longer apply, e.g. an unknown zip). */
  alerts: z.array(z.object({ _id: id, name: z.string(), active: z.boolean(), frequency: z.string(), matched: z.number().int().nullable() })),
  /** Per day: candidates matched by at least one active alert. */
  alertMatchesPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type RespondentMetrics = z.infer<typeof respondentMetrics>;

export const tag = z.object({ _id: id, clientId: id, name: z.string(), color: z.string().nullable(), count: z.number().int() });
export const tagList = z.object({ results: z.array(tag), totalCount: z.number().int() });
export const createTagRequest = z.object({ clientId: id, name: str(60).min(1), color: str(20).nullable().optional() });
export const tagReply = tag.extend({ message: z.string() });

export const responseSource = z.object({ _id: id, clientId: id, name: z.string(), count: z.number().int() });
export const responseSourceList = z.object({ results: z.array(responseSource), totalCount: z.number().int() });
export const createResponseSourceRequest = z.object({ clientId: id, name: str(100).min(1) });
export const responseSourceReply = responseSource.extend({ message: z.string() });

/** `{id}` routes with no payload: the client comes from `clientId` or the X-Client-Id header (decision 0012). */
export const idParams = z.object({ id });
export const selectedClientQuery = z.object({ clientId: id.optional() });

export const alertFrequency = z.enum(['instant', 'daily', 'weekly']);
export const alertFilters = z.object({
  status: z.array(str(60)).max(50).optional(),
  source: z.array(str(100)).max(50).optional(),
  tags: z.array(str(60)).max(50).optional(),
  skills: z.array(str(100)).max(50).optional(),
  assignedJobs: z.array(id).max(50).optional(),
  zipCode: str(10).optional(),
  radius: z.number().min(1).max(CRM_LIMITS.maxRadiusMiles).optional(),
});
export const alert = z.object({
  _id: id,
  clientId: id,
  candidateId: id.nullable(),
  name: z.string(),
  searchQuery: z.string(),
  filters: alertFilters,
  frequency: alertFrequency,
  email: z.string(),
  active: z.boolean(),
  lastRunAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alert = z.infer<typeof alert>;
export const alertList = z.object({ results: z.array(alert), totalCount: z.number().int() });
export const createAlertRequest = z.object({
  clientId: id,
  candidateId: id.nullable().optional(),
  name: str(200).min(1),
  searchQuery: z.string().max(CRM_LIMITS.maxQueryChars).default(''),
  filters: alertFilters.default({}),
  frequency: alertFrequency.default('daily'),
  email: email.optional(),
  active: z.boolean().default(true),
});
export const updateAlertRequest = z.object({
  _id: id,
  clientId: id,
  name: str(200).min(1).optional(),
  searchQuery: z.string().max(CRM_LIMITS.maxQueryChars).optional(),
  filters: alertFilters.optional(),
  frequency: alertFrequency.optional(),
  email: email.optional(),
  active: z.boolean().optional(),
});
export const alertReply = alert.extend({ message: z.string() });

export const forwardProfileRequest = z.object({
  clientId: id,
  candidateId: id,
  to: z.array(email).min(1).max(20),
  message: z.string().max(5000).optional(),
  includeResume: z.boolean().default(true),
});
export const referRequest = z.object({ clientId: id, candidateId: id, jobId: id, message: z.string().max(5000).optional() });
export const followUpRequest = z.object({
  clientId: id,
  candidateId: id,
  /** A calendar date (YYYY-MM-DD) or an ISO date-time; the reply shows it as MM/DD/YYYY (§9). */
  reminderDate: z.union([z.iso.date(), z.iso.datetime({ offset: true })]),
  note: z.string().max(2000).optional(),
});
export const messageReply = z.object({ message: z.string() });
export const followUpReply = z.object({ message: z.string(), _id: id, reminderDate: z.string() });

export const candidatesListsQuery = z.object({ clientId: id, recruiterEmail: z.string().max(254).optional() });
export const candidateListEntity = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  recruiterEmail: z.string(),
  candidateIds: z.array(id),
  totalCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const candidateListsReply = z.object({ results: z.array(candidateListEntity), totalCount: z.number().int() });
export const createCandidateListRequest = z.object({ clientId: id, name: str(200).min(1), candidateIds: z.array(id).max(5000).default([]) });
export const updateCandidateListRequest = z.object({
  _id: id,
  clientId: id,
  name: str(200).min(1).optional(),
  addCandidateIds: z.array(id).max(5000).optional(),
  removeCandidateIds: z.array(id).max(5000).optional(),
});
export const candidateListReply = candidateListEntity.extend({ message: z.string() });

export const campaignDraftRequest = z.object({
  clientId: id,
  listId: id,
  name: str(200).optional(),
  subject: str(300).optional(),
  body: z.string().max(100_000).optional(),
});
export const campaignDraftReply = z.object({ campaignDraftUrl: z.string(), _id: id, message: z.string().optional() });

export const requisitionSummary = z.object({
  _id: id,
  title: z.string(),
  referenceNumber: z.string().nullable(),
  /** Where and which opening: job pickers name a job "Title – City (requisition id)". */
  city: z.string().nullable(),
  requisitionId: z.string().nullable(),
  status: z.string(),
  candidates: z.number().int(),
});
export const candidateRequisitions = z.object({ results: z.array(requisitionSummary), totalCount: z.number().int() });

export const timelineEvent = z.object({
  _id: id,
  type: z.string(),
  actorEmail: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const timelineReply = z.object({ results: z.array(timelineEvent), totalCount: z.number().int() });
export const addNoteRequest = z.object({ clientId: id, candidateId: id, note: str(5000).min(1) });

export const pipelineReply = z.object({ clientId: id, statuses: z.array(z.string()) });
/** PUT api/crm/pipeline: the saved pipeline and the message. */
export const updatePipelineReply = pipelineReply.extend({ message: z.string() });
export const updatePipelineRequest = z.object({
  clientId: id,
  /** The new order; `from` renames an existing status (its candidates move with it). */
  statuses: z
    .array(z.object({ name: str(60).min(1), from: str(60).optional() }))
    .min(1)
    .max(30),
});

export const applicationsQuery = z.object({
  clientId: id,
  jobId: id.optional(),
  onlyNew: queryFlag,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CRM_LIMITS.maxPageSize).default(CRM_LIMITS.defaultPageSize),
});
export const inboxItem = z.object({
  _id: id,
  candidateId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  candidateStatus: z.string(),
  jobId: id,
  jobTitle: z.string(),
  source: z.string(),
  status: z.string(),
  answers: z.array(applicationAnswer),
  resume: candidateFile.nullable(),
  createdAt: z.string(),
});
export const inboxReply = z.object({ results: z.array(inboxItem), totalCount: z.number().int() });
export const updateApplicationRequest = z.object({ clientId: id, _id: id, status: z.enum(['new', 'reviewed']) });

export const fileQuery = z.object({ blobPath: z.string().min(1).max(500) });

// ---- Duplicates and merges (decision 0012 "Duplicates": the spec has no call for them) ----

/** Why two candidates look like one person: the same normalised email, phone digits, or name plus location. */
export const duplicateReason = z.enum(['email', 'phone', 'nameLocation']);
export type DuplicateReason = z.infer<typeof duplicateReason>;
/** Hours during which a merge can be undone. */
export const MERGE_UNDO_HOURS = 24;

export const duplicatesQuery = z.object({
  clientId: id,
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const candidateDuplicatesQuery = z.object({ clientId: id });
export const duplicatePair = z.object({
  /** `{lower id}:{higher id}`: stable for the pair. */
  _id: z.string(),
  reasons: z.array(duplicateReason),
  /** The two candidates, the older first (the usual survivor). */
  candidates: z.tuple([candidate, candidate]),
});
export type DuplicatePair = z.infer<typeof duplicatePair>;
export const duplicatesReply = z.object({ results: z.array(duplicatePair), totalCount: z.number().int() });
export type DuplicatesReply = z.infer<typeof duplicatesReply>;

export const mergeRequest = z.object({ clientId: id, survivorId: id, mergedId: id });
export const mergeSummary = z.object({
  _id: id,
  survivorId: id,
  mergedId: id,
  reasons: z.array(z.string()),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
  /** Until when `POST api/crm/duplicates/merges/{id}/undo` is accepted. */
  undoUntil: z.string(),
  undoneAt: z.string().nullable(),
});
export type MergeSummary = z.infer<typeof mergeSummary>;
export const mergeReply = z.object({ message: z.string(), merge: mergeSummary, candidate });
export type MergeReply = z.infer<typeof mergeReply>;
export const undoMergeRequest = z.object({ clientId: id });
export const undoMergeReply = z.object({ message: z.string(), merge: mergeSummary, survivor: candidate, merged: candidate });
export const mergesQuery = z.object({ clientId: id, candidateId: id.optional() });
export const mergesReply = z.object({ results: z.array(mergeSummary), totalCount: z.number().int() });
export const dismissDuplicateRequest = z.object({ clientId: id, candidateIds: z.tuple([id, id]) });
/**
 * Campaigns (decision 0012 "Campaigns"): drafts made by `POST api/candidates-list/campaigndraft`,
 * edited and sent in our own editor at /harvest/cultivate/campaigns. One mail per candidate of the list,
 * through the queue and the outbox/SMTP, each with a signed unsubscribe link.
 */
export const CAMPAIGN_MERGE_FIELDS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'email', label: 'Email' },
  { key: 'city', label: 'City' },
  { key: 'jobTitle', label: 'Job applied for' },
  { key: 'clientName', label: 'Company name' },
] as const;
export const campaignStatus = z.enum(['draft', 'sending', 'sent']);
export const campaignEntity = z.object({
  _id: id,
  clientId: id,
  listId: id.nullable(),
  listName: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML with merge fields such as {{firstName}}. */
  body: z.string(),
  status: campaignStatus,
  /** Candidates on the list now. */
  listCount: z.number().int(),
  /** Of them, who would be skipped now (drafts) or were skipped (sent), by reason. */
  skipped: z.object({ unsubscribed: z.number().int(), anonymised: z.number().int(), noEmail: z.number().int(), duplicate: z.number().int() }),
  /** Mails to send (fixed when the send starts), sent so far, skipped during the send. */
  totalCount: z.number().int(),
  sentCount: z.number().int(),
  skippedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignEntity = z.infer<typeof campaignEntity>;
export const campaignListReply = z.object({ results: z.array(campaignEntity), totalCount: z.number().int() });
export const updateCampaignRequest = z.object({
  _id: id,
  clientId: id,
  name: str(200).min(1).optional(),
  subject: str(300).optional(),
  body: z.string().max(100_000).optional(),
});
export const campaignReply = campaignEntity.extend({ message: z.string() });
export const campaignActionRequest = z.object({ _id: id, clientId: id });
/** The preview of unsaved edits (subject, body) for one candidate of the list (the first who can receive it by default). */
export const campaignPreviewRequest = campaignActionRequest.extend({
  candidateId: id.optional(),
  subject: str(300).optional(),
  body: z.string().max(100_000).optional(),
});
export const campaignPreviewReply = z.object({
  subject: z.string(),
  /** The whole mail as the candidate sees it (sanitised, escaped merge values). */
  html: z.string(),
  recipient: z.object({ _id: id, firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /** Candidates the preview can be shown for (the first 50 who can receive it). */
  recipients: z.array(z.object({ _id: id, name: z.string(), email: z.string() })),
});
export const campaignTestReply = z.object({ message: z.string(), to: z.string() });
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(2000) });

const tags = ['crm'] as const;
const errors = SIGNED_IN_ERRORS;

/** Candidates and CRM (recruiting spec 001 §7, §8; decision 0012). Rights: docs/permissions.md "Candidates". */
export const crmRoutes = {
  getCandidates: defineRoute({ method: 'GET', path: '/api/get-candidates', query: getCandidatesQuery, status: 200, reply: candidateList, errors, tags }),
  searchCandidates: defineRoute({ method: 'GET', path: '/api/crm/candidates', query: crmCandidatesQuery, status: 200, reply: candidateList, errors, tags }),
  getCandidate: defineRoute({
    method: 'GET',
    path: '/api/crm/candidate/:id',
    params: idParams,
    query: clientIdQuery,
    status: 200,
    reply: candidate,
    errors,
    tags,
  }),
  // One candidate (`_id`) or a bulk change (`_ids`: tags, status); the portal then reloads the facets.
  updateCandidates: defineRoute({
    method: 'PATCH',
    path: '/api/crm/candidates',
    body: patchCrmCandidatesRequest,
    status: 200,
    reply: bulkUpdateReply,
    errors,
    tags,
  }),
  updateCandidate: defineRoute({
    method: 'PATCH',
    path: '/api/candidates/update',
    body: updateCandidateRequest,
    status: 200,
    reply: candidateReply,
    errors,
    tags,
  }),
  // 001 §7: "only 201 is treated as success".
  updateCandidateById: defineRoute({
    method: 'PATCH',
    path: '/api/candidates/update/:id',
    params: idParams,
    body: updateCandidateByIdRequest,
    status: 201,
    reply: candidateReply,
    errors,
    tags,
  }),
  createCandidate: defineRoute({
    method: 'POST',
    path: '/api/crm/candidates/create',
    body: createCandidateRequest,
    status: 201,
    reply: candidateReply,
    errors,
    tags,
  }),
  getFilterFacets: defineRoute({ method: 'GET', path: '/api/crm/filter-facets', query: clientIdQuery, status: 200, reply: filterFacets, errors, tags }),
  getRespondentMetrics: defineRoute({
    ...firstScreenCalls.respondentMetrics,
    query: respondentMetricsQuery,
    status: 200,
    reply: respondentMetrics,
    errors,
    tags,
  }),
  getApplicantCount: defineRoute({
    method: 'GET',
    path: '/api/candidates/applicant-count',
    query: optionalClientIdQuery,
    status: 200,
    reply: applicantCount,
    errors,
    tags,
  }),
  listCandidateRequisitions: defineRoute({
    method: 'GET',
    path: '/api/crm/candidates/requisitions',
    query: selectedClientQuery,
    status: 200,
    reply: candidateRequisitions,
    errors,
    tags,
  }),
  // Tags and response sources: `{id}` is the client's id.
  listTags: defineRoute({ method: 'GET', path: '/api/crm/candidates-tags/:id', params: idParams, status: 200, reply: tagList, errors, tags }),
  createTag: defineRoute({ method: 'POST', path: '/api/crm/candidates-tags/create', body: createTagRequest, status: 201, reply: tagReply, errors, tags }),
  listResponseSources: defineRoute({
    method: 'GET',
    path: '/api/crm/response-sources/:id',
    params: idParams,
    status: 200,
    reply: responseSourceList,
    errors,
    tags,
  }),
  createResponseSource: defineRoute({
    method: 'POST',
    path: '/api/crm/response-sources/create',
    body: createResponseSourceRequest,
    status: 201,
    reply: responseSourceReply,
    errors,
    tags,
  }),
  // Alerts: `{id}` is a candidate (its alerts) or the client (all of them).
  listAlerts: defineRoute({
    method: 'GET',
    path: '/api/candidates/alerts/:id',
    params: idParams,
    query: selectedClientQuery,
    status: 200,
    reply: alertList,
    errors,
    tags,
  }),
  createAlert: defineRoute({ method: 'POST', path: '/api/candidates/alerts/create', body: createAlertRequest, status: 201, reply: alertReply, errors, tags }),
  updateAlert: defineRoute({ method: 'PATCH', path: '/api/candidates/alerts/update', body: updateAlertRequest, status: 200, reply: alertReply, errors, tags }),
  // Recipients are counted per user and per client (429 with Retry-After past either limit).
  forwardProfile: defineRoute({
    method: 'POST',
    path: '/api/crm/forward-profile',
    body: forwardProfileRequest,
    status: 200,
    reply: messageReply,
    errors: [...errors, 429],
    tags,
  }),
  referCandidate: defineRoute({ method: 'POST', path: '/api/candidates/refer', body: referRequest, status: 200, reply: messageReply, errors, tags }),
  setFollowUp: defineRoute({ method: 'POST', path: '/api/candidates/follow-up', body: followUpRequest, status: 201, reply: followUpReply, errors, tags }),
  // Files: signed-in, rights-checked, never cached; the reply is the file itself.
  getResume: defineRoute({ method: 'GET', path: '/api/get-resume', query: fileQuery, status: 200, reply: null, errors, tags }),
  getFile: defineRoute({ method: 'GET', path: '/api/get-file', query: fileQuery, status: 200, reply: null, errors, tags }),
  // Saved lists and campaign drafts.
  listCandidateLists: defineRoute({
    method: 'GET',
    path: '/api/candidates-lists',
    query: candidatesListsQuery,
    status: 200,
    reply: candidateListsReply,
    errors,
    tags,
  }),
  createCandidateList: defineRoute({
    method: 'POST',
    path: '/api/candidates-lists/create',
    body: createCandidateListRequest,
    status: 201,
    reply: candidateListReply,
    errors,
    tags,
  }),
  updateCandidateList: defineRoute({
    method: 'PATCH',
    path: '/api/candidates-lists/update',
    body: updateCandidateListRequest,
    status: 200,
    reply: candidateListReply,
    errors,
    tags,
  }),
  createCampaignDraft: defineRoute({
    method: 'POST',
    path: '/api/candidates-list/campaigndraft',
    body: campaignDraftRequest,
    status: 201,
    reply: campaignDraftReply,
    errors,
    tags,
  }),
  // Campaigns (decision 0012 "Campaigns"): the editor at /harvest/cultivate/campaigns, sends through the queue.
  listCampaigns: defineRoute({ method: 'GET', path: '/api/campaigns', query: clientIdQuery, status: 200, reply: campaignListReply, errors, tags }),
  getCampaign: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id',
    params: idParams,
    query: clientIdQuery,
    status: 200,
    reply: campaignEntity,
    errors,
    tags,
  }),
  updateCampaign: defineRoute({ method: 'PATCH', path: '/api/campaigns/update', body: updateCampaignRequest, status: 200, reply: campaignReply, errors, tags }),
  previewCampaign: defineRoute({
    method: 'POST',
    path: '/api/campaigns/preview',
    body: campaignPreviewRequest,
    status: 200,
    reply: campaignPreviewReply,
    errors,
    tags,
  }),
  sendTestCampaign: defineRoute({
    method: 'POST',
    path: '/api/campaigns/send-test',
    body: campaignActionRequest,
    status: 200,
    reply: campaignTestReply,
    errors,
    tags,
  }),
  sendCampaign: defineRoute({ method: 'POST', path: '/api/campaigns/send', body: campaignActionRequest, status: 202, reply: campaignReply, errors, tags }),
  // The unsubscribe link of every campaign mail: public, by signed token, an HTML page. GET shows a confirm
  // button (mail scanners that open links unsubscribe nobody); POST unsubscribes, from that button or from a
  // mail client's one-click List-Unsubscribe-Post (RFC 8058).
  unsubscribeLanding: defineRoute({
    method: 'GET',
    path: '/api/campaigns/unsubscribe',
    auth: 'public',
    summary: 'Campaign unsubscribe page (HTML)',
    query: unsubscribeQuery,
    status: 200,
    reply: null,
    errors: [],
    tags,
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/campaigns/unsubscribe',
    auth: 'public',
    summary: 'Campaign unsubscribe page (HTML)',
    query: unsubscribeQuery,
    status: 200,
    reply: null,
    errors: [],
    tags,
  }),
  // Timeline, notes, pipeline and the applications inbox (the CRM's screens, decision 0012).
  getTimeline: defineRoute({
    method: 'GET',
    path: '/api/crm/candidate/:id/timeline',
    params: idParams,
    query: clientIdQuery,
    status: 200,
    reply: timelineReply,
    errors,
    tags,
  }),
  addNote: defineRoute({ method: 'POST', path: '/api/crm/candidates/notes', body: addNoteRequest, status: 201, reply: messageReply, errors, tags }),
  getPipeline: defineRoute({ method: 'GET', path: '/api/crm/pipeline', query: clientIdQuery, status: 200, reply: pipelineReply, errors, tags }),
  updatePipeline: defineRoute({ method: 'PUT', path: '/api/crm/pipeline', body: updatePipelineRequest, status: 200, reply: updatePipelineReply, errors, tags }),
  listApplications: defineRoute({ method: 'GET', path: '/api/crm/applications', query: applicationsQuery, status: 200, reply: inboxReply, errors, tags }),
  updateApplication: defineRoute({
    method: 'PATCH',
    path: '/api/crm/applications/update',
    body: updateApplicationRequest,
    status: 200,
    reply: messageReply,
    errors,
    tags,
  }),
};

/**
 * Duplicates and merges (the spec has no call for them, decision 0012 "Duplicates").
 * Rights: those of candidates (docs/permissions.md "Candidates"), on the client named by clientId.
 */
export const duplicateRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/crm/duplicates', query: duplicatesQuery, status: 200, reply: duplicatesReply, errors, tags }),
  listForCandidate: defineRoute({
    method: 'GET',
    path: '/api/crm/duplicates/candidate/:id',
    params: idParams,
    query: candidateDuplicatesQuery,
    status: 200,
    reply: duplicatesReply,
    errors,
    tags,
  }),
  merge: defineRoute({ method: 'POST', path: '/api/crm/duplicates/merge', body: mergeRequest, status: 201, reply: mergeReply, errors, tags }),
  listMerges: defineRoute({ method: 'GET', path: '/api/crm/duplicates/merges', query: mergesQuery, status: 200, reply: mergesReply, errors, tags }),
  undoMerge: defineRoute({
    method: 'POST',
    path: '/api/crm/duplicates/merges/:id/undo',
    params: idParams,
    body: undoMergeRequest,
    status: 200,
    reply: undoMergeReply,
    errors,
    tags,
  }),
  dismiss: defineRoute({ method: 'POST', path: '/api/crm/duplicates/dismiss', body: dismissDuplicateRequest, status: 200, reply: messageReply, errors, tags }),
};
