import { z } from 'zod';
import { id } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Interviews and feedback (docs/interviews.md): each job's interview plan (interviews with their
 * interviewers and kit, and the scorecard's attributes), the interviewers' scorecards with the bias
 * control (another interviewer's card stays hidden until you submit yours), feedback requests with
 * their reminders, and each interviewer's list of applications to give feedback on.
 */
const tags = ['interviews'] as const;
const errors = SIGNED_IN_ERRORS;

export const RATINGS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export const rating = z.enum(RATINGS, { message: 'Choose Strong no, No, Yes or Strong yes' });
export type Rating = z.infer<typeof rating>;
export const ratingLabels: Record<Rating, string> = { strong_no: 'Strong no', no: 'No', yes: 'Yes', strong_yes: 'Strong yes' };
/** The scale as numbers, for averages: Strong no 1 … Strong yes 4. */
export const ratingScore: Record<Rating, number> = { strong_no: 1, no: 2, yes: 3, strong_yes: 4 };

export const CATEGORIES = ['skills', 'qualifications', 'traits'] as const;
export const attributeCategory = z.enum(CATEGORIES, { message: 'Choose Skills, Qualifications or Traits' });
export type AttributeCategory = z.infer<typeof attributeCategory>;
export const categoryLabels: Record<AttributeCategory, string> = { skills: 'Skills', qualifications: 'Qualifications', traits: 'Traits' };

const selectedClient = z.object({ clientId: id.optional() });

// --- The interview plan ---

export const interviewer = z.object({ id, name: z.string(), email: z.string() });
export const interviewKit = z.object({
  focus: z.string().trim().max(2000).default(''),
  questions: z.array(z.string().trim().min(1, 'Write the question or remove it').max(500)).max(30, 'Use at most 30 questions').default([]),
  goodLooksLike: z.string().trim().max(2000).default(''),
});
export const interview = z.object({
  id,
  stageId: id.nullable(),
  name: z.string(),
  durationMinutes: z.number().int(),
  position: z.number().int(),
  interviewers: z.array(interviewer),
  /** Those of the interviewers who form a round-robin pool: one of them is needed (the others are all required). */
  poolIds: z.array(id),
  kit: interviewKit,
});
export const scorecardAttribute = z.object({ id, category: attributeCategory, name: z.string(), position: z.number().int() });
export const interviewStage = z.object({ id, name: z.string() });

export const interviewPlan = z.object({
  jobId: id,
  jobTitle: z.string(),
  interviews: z.array(interview),
  attributes: z.array(scorecardAttribute),
  /** The client's users who may be chosen as interviewers. */
  interviewerOptions: z.array(interviewer),
  /** The job's interview-kind stages an interview may be attached to (empty until the job has a pipeline). */
  stages: z.array(interviewStage),
});
export type InterviewPlan = z.infer<typeof interviewPlan>;

export const interviewInput = z
  .object({
    /** An interview already in the plan keeps its id (and its scorecards); one without an id is new. */
    id: id.optional(),
    stageId: id.nullable().optional(),
    name: z.string().trim().min(1, 'Name the interview').max(120),
    durationMinutes: z
      .number({ message: 'Enter the duration in minutes' })
      .int('Enter whole minutes')
      .min(5, 'An interview lasts at least 5 minutes')
      .max(480, 'An interview lasts at most 480 minutes'),
    interviewerIds: z.array(id).max(20, 'Use at most 20 interviewers').default([]),
    /** Interviewers (of interviewerIds) in a round-robin pool: each booking takes one of them, the one with the fewest interviews coming. */
    poolIds: z.array(id).max(20, 'Use at most 20 interviewers').default([]),
    kit: interviewKit.default({ focus: '', questions: [], goodLooksLike: '' }),
  })
  .superRefine((v, ctx) => {
    if (v.poolIds.some((p) => !v.interviewerIds.includes(p)))
      ctx.addIssue({ code: 'custom', path: ['poolIds'], message: 'A pool is made of the interview’s own interviewers: add them as interviewers first.' });
    else if (new Set(v.poolIds).size === 1)
      ctx.addIssue({
        code: 'custom',
        path: ['poolIds'],
        message: 'A pool needs at least two interviewers (one of them is needed): add another, or make this one required.',
      });
  });
export const attributeInput = z.object({
  id: id.optional(),
  category: attributeCategory,
  name: z.string().trim().min(1, 'Name the attribute').max(120),
});
export const saveInterviewPlanRequest = z.object({
  clientId: id.optional(),
  interviews: z.array(interviewInput).max(20, 'Use at most 20 interviews'),
  attributes: z.array(attributeInput).max(60, 'Use at most 60 attributes'),
});
export type SaveInterviewPlanRequest = z.input<typeof saveInterviewPlanRequest>;
export const saveInterviewPlanReply = interviewPlan.extend({ message: z.string() });

// --- Scorecards ---

export const scorecardRating = z.object({ attributeId: id, rating });
export const scorecard = z.object({
  id,
  applicationId: id,
  interviewId: id,
  interviewName: z.string(),
  interviewer: z.object({ id, name: z.string() }),
  overall: rating,
  notes: z.string(),
  ratings: z.array(scorecardRating),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecard>;

export const submitScorecardRequest = z.object({
  clientId: id.optional(),
  applicationId: id,
  interviewId: id,
  ratings: z.array(scorecardRating).max(60).default([]),
  overall: rating,
  notes: z.string().trim().max(10000, 'Use at most 10000 characters').default(''),
});
export type SubmitScorecardRequest = z.input<typeof submitScorecardRequest>;
export const submitScorecardReply = z.object({ scorecard, created: z.boolean(), message: z.string() });

const ratingCounts = z.object({ strong_no: z.number().int(), no: z.number().int(), yes: z.number().int(), strong_yes: z.number().int() });
export const attributeAggregate = z.object({ attributeId: id, counts: ratingCounts, average: z.number().nullable() });
export const pendingInterviewer = z.object({ interviewId: id, interviewName: z.string(), userId: id, name: z.string() });

export const applicationScorecards = z.object({
  application: z.object({ id, jobId: id, jobTitle: z.string(), candidateName: z.string() }),
  interviews: z.array(interview.extend({ onIt: z.boolean() })),
  attributes: z.array(scorecardAttribute),
  /** The signed-in user's own cards. */
  mine: z.array(scorecard),
  /** 'all': every card is shown; 'hidden': only yours, until you submit one (the bias control). */
  visibility: z.enum(['all', 'hidden']),
  hiddenReason: z.string().nullable(),
  /** Every card the user may see (only theirs while hidden). */
  scorecards: z.array(scorecard),
  aggregate: z.array(attributeAggregate),
  overall: z.object({ counts: ratingCounts, average: z.number().nullable() }).nullable(),
  /** Interviewers asked for feedback who have not submitted yet. */
  pending: z.array(pendingInterviewer),
  /** Whether the user may ask the interviewers for feedback (the client's recruiters). */
  canRequest: z.boolean(),
});
export type ApplicationScorecards = z.infer<typeof applicationScorecards>;

export const requestFeedbackRequest = z.object({ clientId: id.optional(), interviewId: id.optional() });
export const requestFeedbackReply = z.object({ requested: z.number().int(), message: z.string() });

// --- My interviews ---

export const myInterview = z.object({
  applicationId: id,
  jobId: id,
  jobTitle: z.string(),
  candidateName: z.string(),
  interviewId: id,
  interviewName: z.string(),
  durationMinutes: z.number().int(),
  requestedAt: z.string(),
  state: z.enum(['to_submit', 'submitted']),
  submittedAt: z.string().nullable(),
});
export const myInterviewsReply = z.object({ results: z.array(myInterview) });
export type MyInterview = z.infer<typeof myInterview>;

const jobParams = z.object({ jobId: id });
const applicationParams = z.object({ id });

export const interviewsRoutes = {
  getPlan: defineRoute({
    method: 'GET',
    path: '/api/jobs/:jobId/interview-plan',
    params: jobParams,
    query: selectedClient,
    status: 200,
    reply: interviewPlan,
    errors,
    tags,
    summary: "A job's interview plan: its interviews (interviewers, kit) and its scorecard's attributes",
  }),
  savePlan: defineRoute({
    method: 'PUT',
    path: '/api/jobs/:jobId/interview-plan',
    params: jobParams,
    body: saveInterviewPlanRequest,
    status: 200,
    reply: saveInterviewPlanReply,
    errors,
    tags,
    summary: "Replaces a job's interview plan (interviews and attributes with an id are kept and edited)",
  }),
  submitScorecard: defineRoute({
    method: 'POST',
    path: '/api/scorecards',
    body: submitScorecardRequest,
    status: 200,
    reply: submitScorecardReply,
    errors,
    tags,
    summary: 'Submits (or edits) the signed-in interviewer’s scorecard for one interview of an application',
  }),
  applicationScorecards: defineRoute({
    method: 'GET',
    path: '/api/applications/:id/scorecards',
    params: applicationParams,
    query: selectedClient,
    status: 200,
    reply: applicationScorecards,
    errors,
    tags,
    summary: "An application's scorecards, the aggregate per attribute and who is still to submit (others' cards hidden until you submit yours)",
  }),
  requestFeedback: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/feedback-requests',
    params: applicationParams,
    body: requestFeedbackRequest,
    status: 200,
    reply: requestFeedbackReply,
    errors,
    tags,
    summary: 'Asks the interviewers of one interview (or of every interview) of the job for a scorecard: an email with a link, reminders after 24 h',
  }),
  myInterviews: defineRoute({
    method: 'GET',
    path: '/api/my-interviews',
    query: selectedClient,
    status: 200,
    reply: myInterviewsReply,
    errors,
    tags,
    summary: 'The applications the signed-in user interviews, with their scorecard state',
  }),
};
