import { z } from 'zod';
import { id, queryBool } from './common.ts';
import { messages } from './messages.ts';
import { defineRoute } from './route.ts';

/**
 * Requisitions, their keywords, the candidates ranked per requisition, and resume parsing
 * (recruiting spec 001 §7 "Jobs": GET api/crm/requisitions, GET/PUT api/crm/requisition/{id}/keywords,
 * GET api/crm/requisition/{jobId}/candidates, POST api/resume-parser; decision 0021).
 */

/** GET api/crm/requisitions: the client's jobs (requisitions). */
export const requisitionListQuery = z.object({
  clientId: id,
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  searchQuery: z.string().trim().max(200).optional(),
  status: z.enum(['open', 'closed', 'draft', 'all']).default('all'),
});

export const requisition = z.object({
  _id: z.string(),
  clientId: z.string(),
  title: z.string(),
  referenceNumber: z.string(),
  requisitionId: z.string().nullable(),
  status: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  datePosted: z.string(),
  /** Candidates who applied, in total and per application status. */
  candidateCount: z.number().int(),
  statusCounts: z.record(z.string(), z.number().int()),
});
export type Requisition = z.infer<typeof requisition>;

export const requisitionListReply = z.object({
  items: z.array(requisition),
  total: z.number().int(),
  /** Every status that occurs among the listed client's applications, in pipeline order. */
  statuses: z.array(z.string()),
});
export type RequisitionListReply = z.infer<typeof requisitionListReply>;

/** The job is found by its id among the clients the caller may see; clientId narrows it. */
export const requisitionParams = z.object({ id });
export const jobIdParams = z.object({ jobId: id });
export const requisitionScopeQuery = z.object({ clientId: id.optional() });

export const aiKeyword = z.object({
  keyword: z.string(),
  /** 0..1, the keyword's TF-IDF weight relative to the job's strongest keyword. */
  weight: z.number(),
});
export const keywordsReply = z.object({
  _id: z.string(),
  clientId: z.string(),
  /** The requisition's title (the keyword editor's heading). */
  title: z.string(),
  aiKeywords: z.array(aiKeyword),
  userKeywords: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type KeywordsReply = z.infer<typeof keywordsReply>;

const keyword = z.string().trim().min(1).max(60, messages.requisitions.keywordTooLong);
export const updateKeywordsRequest = z.object({
  clientId: id.optional(),
  userKeywords: z.array(keyword).max(50, messages.requisitions.tooManyKeywords),
  /** Optional: AI keywords the recruiter removed stay removed (they are kept as exclusions). */
  removedAiKeywords: z.array(keyword).max(200).optional(),
});
export type UpdateKeywordsRequest = z.infer<typeof updateKeywordsRequest>;

export const rankedCandidatesQuery = z.object({
  clientId: id.optional(),
  pageNumber: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
  /** Only candidates that match at least one keyword. */
  matchedOnly: queryBool.optional(),
});

export const keywordMatch = z.object({
  keyword: z.string(),
  source: z.enum(['user', 'ai']),
  weight: z.number(),
  /** Where it matched: the candidate's skills and/or their resume text. */
  in: z.array(z.enum(['skills', 'resume'])),
});
export const rankedCandidate = z.object({
  _id: z.string(),
  doc_id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.string(),
  applicationStatus: z.string(),
  appliedAt: z.string(),
  skills: z.array(z.string()),
  /** 0-100: the weight of the matched keywords as a share of all keywords' weight. */
  score: z.number(),
  matched: z.array(keywordMatch),
  missing: z.array(z.object({ keyword: z.string(), source: z.enum(['user', 'ai']) })),
  /** One sentence: why the candidate ranks where they do. */
  explanation: z.string(),
  snippet: z.string(),
});
export type RankedCandidate = z.infer<typeof rankedCandidate>;
export const rankedCandidatesReply = z.object({ results: z.array(rankedCandidate), totalCount: z.number().int() });
export type RankedCandidatesReply = z.infer<typeof rankedCandidatesReply>;

/** POST api/resume-parser: multipart, field `resume`. The reply uses the candidate's field names. */
export const parsedResume = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() }),
  links: z.array(z.string()),
  skills: z.array(z.string()),
  experience: z.array(z.object({ title: z.string(), employer: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable() })),
  education: z.array(z.object({ degree: z.string(), institution: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable() })),
  resumeText: z.string(),
  fileType: z.enum(['pdf', 'docx', 'doc', 'rtf', 'txt']),
});
export type ParsedResume = z.infer<typeof parsedResume>;

export const tags = ['requisitions'] as const;
/** The requisition calls answer no 409. */
export const errors = [400, 401, 403, 404] as const;

/** Requisitions, their keywords and ranked candidates (recruiting spec §7 "Jobs"; decision 0021). */
export const requisitionRoutes = {
  list: defineRoute({ method: 'GET', path: '/api/crm/requisitions', query: requisitionListQuery, status: 200, reply: requisitionListReply, errors, tags }),
  getKeywords: defineRoute({
    method: 'GET',
    path: '/api/crm/requisition/:id/keywords',
    params: requisitionParams,
    query: requisitionScopeQuery,
    status: 200,
    reply: keywordsReply,
    errors,
    tags,
  }),
  updateKeywords: defineRoute({
    method: 'PUT',
    path: '/api/crm/requisition/:id/keywords',
    params: requisitionParams,
    body: updateKeywordsRequest,
    status: 200,
    reply: keywordsReply,
    errors,
    tags,
  }),
  rankCandidates: defineRoute({
    method: 'GET',
    path: '/api/crm/requisition/:jobId/candidates',
    params: jobIdParams,
    query: rankedCandidatesQuery,
    status: 200,
    reply: rankedCandidatesReply,
    errors,
    tags,
  }),
};
