import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * The hiring pipeline (docs/pipeline.md): each application (one candidate x one job) sits in one stage
 * of its job's pipeline and has an outcome. The client comes from `clientId` (query or body) or the
 * portal's selected client (X-Client-Id).
 */
export const STAGE_KINDS = ['applied', 'screening', 'interview', 'offer', 'hired', 'other'] as const;
export const stageKind = z.enum(STAGE_KINDS);
export const OUTCOMES = ['active', 'rejected', 'withdrawn'] as const;
export const outcome = z.enum(OUTCOMES);
/** What a client without a default template gets for each new job. */
export const DEFAULT_PIPELINE: readonly { name: string; kind: (typeof STAGE_KINDS)[number] }[] = [
  { name: 'Applied', kind: 'applied' },
  { name: 'Screening', kind: 'screening' },
  { name: 'Interview', kind: 'interview' },
  { name: 'Offer', kind: 'offer' },
  { name: 'Hired', kind: 'hired' },
];
export const DEFAULT_REJECTION_REASONS = ['Not qualified', 'Salary', 'Withdrew', 'Hired elsewhere'] as const;

const name = z.string().trim().min(1).max(60);
const optionalClient = { clientId: id.optional() };
const applicationIds = z.array(id).min(1, 'Choose at least one application').max(500, 'Choose at most 500 applications at once');

export const jobStage = z.object({
  _id: id,
  jobId: id,
  name: z.string(),
  kind: stageKind,
  position: z.number().int(),
  /** Active applications in the stage. */
  count: z.number().int(),
});
export const jobPipelineParams = z.object({ jobId: id });
export const jobPipelineQuery = z.object(optionalClient);
export const jobPipelineReply = z.object({ clientId: id, jobId: id, stages: z.array(jobStage), message: z.string().optional() });
export const updateJobPipelineRequest = z.object({
  ...optionalClient,
  stages: z
    .array(z.object({ id: id.optional(), name, kind: stageKind }))
    .min(1, 'A pipeline needs at least one stage')
    .max(30, 'A pipeline has at most 30 stages'),
});
export const applyTemplateRequest = z.object({ ...optionalClient, templateId: id });

export const templateStage = z.object({ name, kind: stageKind });
export const pipelineTemplate = z.object({
  _id: id,
  clientId: id,
  name: z.string(),
  stages: z.array(templateStage),
  isDefault: z.boolean(),
  updatedAt: isoDate,
});
export const pipelineTemplatesReply = z.object({
  results: z.array(pipelineTemplate),
  /** The stages a new job of the client gets (its default template's, or DEFAULT_PIPELINE). */
  defaultStages: z.array(templateStage),
});
export const saveTemplateRequest = z.object({
  ...optionalClient,
  name: z.string().trim().min(1).max(100),
  stages: z.array(templateStage).min(1, 'A pipeline needs at least one stage').max(30, 'A pipeline has at most 30 stages'),
  isDefault: z.boolean().default(false),
});
export const templateReply = pipelineTemplate.extend({ message: z.string() });
export const idParams = z.object({ id });
export const clientQuery = z.object(optionalClient);
export const messageReply = z.object({ message: z.string() });

export const applicationsQuery = z.object({
  ...optionalClient,
  jobId: id.optional(),
  stageId: id.optional(),
  outcome: outcome.optional(),
  source: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(60).optional(),
  minDaysInStage: z.coerce.number().int().min(0).max(3650).optional(),
  /** Applications whose average overall recommendation is at least this (1 Strong no … 4 Strong yes). */
  minRating: z.coerce.number().int().min(1, 'Choose a rating from 1 to 4').max(4, 'Choose a rating from 1 to 4').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const applicationItem = z.object({
  _id: id,
  clientId: id,
  candidateId: id,
  candidateName: z.string(),
  email: z.string(),
  jobId: id,
  jobTitle: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  stageId: id.nullable(),
  stageName: z.string().nullable(),
  stageKind: stageKind.nullable(),
  stageEnteredAt: isoDate.nullable(),
  daysInStage: z.number().int(),
  /** The average overall recommendation of the submitted scorecards (1 Strong no … 4 Strong yes); null before the first. */
  averageRating: z.number().nullable(),
  /** An interviewer asked for feedback on this application has not submitted it yet. */
  awaitingFeedback: z.boolean(),
  outcome,
  rejectionReasonId: id.nullable(),
  outcomeAt: isoDate.nullable(),
  version: z.number().int(),
  createdAt: isoDate,
});
export const applicationsReply = z.object({ results: z.array(applicationItem), nextCursor: z.string().nullable() });

export const moveStageRequest = z.object({ ...optionalClient, stageId: id, expectedStageId: id.optional() });
export const moveStageReply = z.object({ application: applicationItem, message: z.string() });

export const bulkRequest = z.object({ ...optionalClient, applicationIds });
export const bulkReply = z.object({
  /** Applications changed. */
  count: z.number().int(),
  /** Applications left as they were, each with the reason. */
  skipped: z.array(z.object({ applicationId: id, reason: z.string() })),
  message: z.string(),
});
export const rejectRequest = z.object({
  ...optionalClient,
  applicationIds,
  reasonId: id,
  emailTemplateId: id.optional(),
  /** When the rejection email goes out; default: 09:00 the next morning in the client's time zone. */
  sendAt: isoDate.optional(),
});
export const rejectReply = bulkReply.extend({ emailsScheduled: z.number().int(), sendAt: isoDate.nullable() });

export const rejectionEmail = z.object({
  _id: id,
  applicationId: id,
  candidateId: id,
  candidateName: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  sendAt: isoDate,
  status: z.enum(['scheduled', 'sent', 'cancelled', 'failed']),
  sentAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
});
export const rejectionEmailsQuery = z.object({ ...optionalClient, status: z.enum(['scheduled', 'sent', 'cancelled', 'failed']).optional() });
export const rejectionEmailsReply = z.object({ results: z.array(rejectionEmail) });
export const rejectionEmailReply = rejectionEmail.extend({ message: z.string() });

export const rejectionReason = z.object({ _id: id, label: z.string(), position: z.number().int(), archived: z.boolean() });
export const rejectionReasonsReply = z.object({ clientId: id, results: z.array(rejectionReason), message: z.string().optional() });
export const saveRejectionReasonsRequest = z.object({
  ...optionalClient,
  /** The full list in order; a reason left out is archived (rejected applications keep pointing at it). */
  reasons: z
    .array(z.object({ id: id.optional(), label: z.string().trim().min(1).max(80), archived: z.boolean().default(false) }))
    .min(1, 'Keep at least one rejection reason')
    .max(50),
});

const tags = ['pipeline'] as const;
const errors = SIGNED_IN_ERRORS;

/** The hiring pipeline: stages per job, applications moving through them, outcomes (apps/server/src/pipeline/routes.ts). */
export const pipelineRoutes = {
  getJobPipeline: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/pipeline',
    params: jobPipelineParams,
    query: jobPipelineQuery,
    status: 200,
    reply: jobPipelineReply,
    errors,
    tags,
  }),
  updateJobPipeline: defineRoute({
    method: 'PUT',
    path: '/api/jobs/:jobId/pipeline',
    params: jobPipelineParams,
    body: updateJobPipelineRequest,
    status: 200,
    reply: jobPipelineReply,
    errors,
    tags,
  }),
  applyTemplate: defineRoute({
    method: 'POST',
    path: '/api/jobs/:jobId/pipeline/apply-template',
    params: jobPipelineParams,
    body: applyTemplateRequest,
    status: 200,
    reply: jobPipelineReply,
    errors,
    tags,
  }),
  listTemplates: defineRoute({ method: 'GET', path: '/api/pipeline-templates', query: clientQuery, status: 200, reply: pipelineTemplatesReply, errors, tags }),
  createTemplate: defineRoute({ method: 'POST', path: '/api/pipeline-templates', body: saveTemplateRequest, status: 201, reply: templateReply, errors, tags }),
  updateTemplate: defineRoute({
    method: 'PUT',
    path: '/api/pipeline-templates/:id',
    params: idParams,
    body: saveTemplateRequest,
    status: 200,
    reply: templateReply,
    errors,
    tags,
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE',
    path: '/api/pipeline-templates/:id',
    params: idParams,
    query: clientQuery,
    status: 200,
    reply: messageReply,
    errors,
    tags,
  }),
  listApplications: defineRoute({ method: 'GET', path: '/api/applications', query: applicationsQuery, status: 200, reply: applicationsReply, errors, tags }),
  moveStage: defineRoute({
    method: 'PATCH',
    path: '/api/applications/:id/stage',
    params: idParams,
    body: moveStageRequest,
    status: 200,
    reply: moveStageReply,
    errors,
    tags,
  }),
  advance: defineRoute({ method: 'POST', path: '/api/applications/advance', body: bulkRequest, status: 200, reply: bulkReply, errors, tags }),
  reject: defineRoute({ method: 'POST', path: '/api/applications/reject', body: rejectRequest, status: 200, reply: rejectReply, errors, tags }),
  reopen: defineRoute({ method: 'POST', path: '/api/applications/reopen', body: bulkRequest, status: 200, reply: bulkReply, errors, tags }),
  withdraw: defineRoute({ method: 'POST', path: '/api/applications/withdraw', body: bulkRequest, status: 200, reply: bulkReply, errors, tags }),
  listRejectionEmails: defineRoute({
    method: 'GET',
    path: '/api/applications/rejection-emails',
    query: rejectionEmailsQuery,
    status: 200,
    reply: rejectionEmailsReply,
    errors,
    tags,
  }),
  cancelRejectionEmail: defineRoute({
    method: 'POST',
    path: '/api/applications/rejection-emails/:id/cancel',
    params: idParams,
    body: clientQuery,
    status: 200,
    reply: rejectionEmailReply,
    errors,
    tags,
  }),
  listRejectionReasons: defineRoute({
    method: 'GET',
    path: '/api/rejection-reasons',
    query: clientQuery,
    status: 200,
    reply: rejectionReasonsReply,
    errors,
    tags,
  }),
  saveRejectionReasons: defineRoute({
    method: 'PUT',
    path: '/api/rejection-reasons',
    body: saveRejectionReasonsRequest,
    status: 200,
    reply: rejectionReasonsReply,
    errors,
    tags,
  }),
};
