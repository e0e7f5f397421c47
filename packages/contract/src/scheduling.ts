import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

/**
 * Scheduling (docs/scheduling.md): a recruiter sends a candidate a self-scheduling link for one
 * interview of the application's job; the candidate picks a time when every interviewer is free on
 * the public booking page (no sign-in), and may reschedule or cancel from the same link.
 */
const tags = ['scheduling'] as const;
const publicErrors = [400, 404, 409, 410] as const;

/** How many days ahead a link offers times (from now). */
export const WINDOW_DAYS = { min: 1, max: 60, default: 14 } as const;

export const createSchedulingLinkRequest = z.object({
  clientId: id.optional(),
  interviewId: id,
  windowDays: z
    .number({ message: 'Enter the number of days' })
    .int('Enter whole days')
    .min(WINDOW_DAYS.min, `Offer at least ${WINDOW_DAYS.min} day`)
    .max(WINDOW_DAYS.max, `Offer at most ${WINDOW_DAYS.max} days`)
    .default(WINDOW_DAYS.default),
});
export type CreateSchedulingLinkRequest = z.input<typeof createSchedulingLinkRequest>;

export const scheduledState = z.enum(['sent', 'booked', 'cancelled', 'expired']);
export type ScheduledState = z.infer<typeof scheduledState>;

/** One link and its booking, as the application's panel shows it. */
export const applicationSchedule = z.object({
  id,
  interviewId: id,
  interviewName: z.string(),
  durationMinutes: z.number().int(),
  interviewers: z.array(z.object({ id, name: z.string() })),
  state: scheduledState,
  sentAt: isoDate,
  expiresAt: isoDate,
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  candidateTimeZone: z.string().nullable(),
  /** The times proposed to the candidate (a link of proposed times offers only these); null for a link offering its whole window. */
  proposedStarts: z.array(isoDate).nullable(),
});
export type ApplicationSchedule = z.infer<typeof applicationSchedule>;
export const applicationSchedulesReply = z.object({ results: z.array(applicationSchedule) });
export const createSchedulingLinkReply = z.object({ message: z.string(), schedule: applicationSchedule });
export const applicationParams = z.object({ id });
const selectedClient = z.object({ clientId: id.optional() });

/** The signed-in user's booked interviews (the My schedule list). */
export const myScheduledInterview = z.object({
  id,
  interviewName: z.string(),
  candidateName: z.string(),
  jobTitle: z.string(),
  applicationId: id,
  startsAt: isoDate,
  endsAt: isoDate,
  /** The copy in the user's own CalDAV calendar (written by the queue), null when they have none connected. */
  calendarCopy: z
    .object({
      calendar: z.string(),
      state: z.enum(['pending', 'written', 'removed', 'retrying', 'failed']),
      /** When the next attempt is due, while retrying. */
      retryAt: isoDate.nullable(),
      /** The state in words, times in the user's zone: "Work: will retry at 14:05 (…)". */
      words: z.string(),
    })
    .nullable(),
});
export type MyScheduledInterview = z.infer<typeof myScheduledInterview>;
export const myScheduledInterviewsReply = z.object({
  results: z.array(myScheduledInterview),
  /** The user's time zone (their working hours'): the schedule shows times in it. */
  timeZone: z.string(),
});

// --- The public booking page (whitelisted: no ids, no interviewer names or addresses) ---

export const publicSlot = z.object({ start: isoDate, end: isoDate });
export type PublicSlot = z.infer<typeof publicSlot>;
export const publicSchedule = z.object({
  companyName: z.string(),
  jobTitle: z.string(),
  interviewName: z.string(),
  durationMinutes: z.number().int(),
  state: z.enum(['open', 'booked', 'cancelled']),
  expiresAt: isoDate,
  /** The booked time while booked. */
  booking: publicSlot.nullable(),
  /** Times every interviewer is free now (computed at each view), earliest first; empty unless open or booked. */
  slots: z.array(publicSlot),
});
export type PublicSchedule = z.infer<typeof publicSchedule>;
export const publicScheduleParams = z.object({ token: z.string().min(1).max(200) });
export const bookSlotRequest = z.object({
  start: z.iso.datetime({ offset: true, message: 'Choose one of the times offered' }),
  /** The candidate's time zone: the confirmation and any "just taken" message name times in it. */
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
});
export const bookSlotReply = z.object({ message: z.string(), booking: publicSlot });
export const cancelBookingReply = z.object({ message: z.string() });

// --- Proposing times: the hiring team picks a few times every interviewer is free and mails them ---

/** How many times a proposal names. */
export const PROPOSED_TIMES = { min: 3, max: 5 } as const;
export const freeTimesQuery = z.object({
  clientId: id.optional(),
  interviewId: id,
  days: z.coerce.number().int().min(WINDOW_DAYS.min).max(WINDOW_DAYS.max).default(WINDOW_DAYS.default),
});
export const freeTimesReply = z.object({ results: z.array(publicSlot) });
export const proposeTimesRequest = z.object({
  clientId: id.optional(),
  interviewId: id,
  starts: z
    .array(z.iso.datetime({ offset: true, message: 'Choose the times from the list' }), { message: 'Choose the times to propose' })
    .min(PROPOSED_TIMES.min, `Propose at least ${PROPOSED_TIMES.min} times`)
    .max(PROPOSED_TIMES.max, `Propose at most ${PROPOSED_TIMES.max} times`),
  /** The zone the mail names the times in (the candidate's, when the recruiter knows it; the page shows the candidate's own). */
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
});
export type ProposeTimesRequest = z.input<typeof proposeTimesRequest>;

// --- The hiring team moves or cancels a booked interview (from the application's panel) ---

export const linkParams = z.object({ id, linkId: id });
/** Times the booked interview may move to: every interviewer free, from now to the link's window end or two weeks ahead, whichever is later. */
export const moveTimesReply = z.object({ results: z.array(publicSlot) });
export const moveBookingRequest = z.object({
  clientId: id.optional(),
  start: z.iso.datetime({ offset: true, message: 'Choose one of the times offered' }),
  /** The recruiter's time zone: the reply names the time in it (the candidate's mail keeps the candidate's zone). */
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
});
export const changeBookingReply = z.object({ message: z.string(), schedule: applicationSchedule });

export const schedulingRoutes = {
  createLink: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/scheduling-links',
    params: applicationParams,
    body: createSchedulingLinkRequest,
    status: 201,
    reply: createSchedulingLinkReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  ofApplication: defineRoute({
    method: 'GET',
    path: '/api/applications/:id/scheduled-interviews',
    params: applicationParams,
    query: selectedClient,
    status: 200,
    reply: applicationSchedulesReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/my-scheduled-interviews',
    query: selectedClient,
    status: 200,
    reply: myScheduledInterviewsReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  freeTimes: defineRoute({
    method: 'GET',
    path: '/api/applications/:id/free-times',
    params: applicationParams,
    query: freeTimesQuery,
    status: 200,
    reply: freeTimesReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  propose: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/proposed-times',
    params: applicationParams,
    body: proposeTimesRequest,
    status: 201,
    reply: createSchedulingLinkReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  moveTimes: defineRoute({
    method: 'GET',
    path: '/api/applications/:id/scheduling-links/:linkId/times',
    params: linkParams,
    query: selectedClient,
    status: 200,
    reply: moveTimesReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  move: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/scheduling-links/:linkId/move',
    params: linkParams,
    body: moveBookingRequest,
    status: 200,
    reply: changeBookingReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  cancelByTeam: defineRoute({
    method: 'POST',
    path: '/api/applications/:id/scheduling-links/:linkId/cancel',
    params: linkParams,
    body: selectedClient,
    status: 200,
    reply: changeBookingReply,
    errors: SIGNED_IN_ERRORS,
    tags,
  }),
  publicGet: defineRoute({
    method: 'GET',
    path: '/api/scheduling/:token',
    params: publicScheduleParams,
    auth: 'public',
    status: 200,
    reply: publicSchedule,
    errors: publicErrors,
    tags,
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/scheduling/:token/book',
    params: publicScheduleParams,
    body: bookSlotRequest,
    auth: 'public',
    status: 201,
    reply: bookSlotReply,
    errors: publicErrors,
    tags,
  }),
  reschedule: defineRoute({
    method: 'POST',
    path: '/api/scheduling/:token/reschedule',
    params: publicScheduleParams,
    body: bookSlotRequest,
    auth: 'public',
    status: 200,
    reply: bookSlotReply,
    errors: publicErrors,
    tags,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/scheduling/:token/cancel',
    params: publicScheduleParams,
    body: z.object({}),
    auth: 'public',
    status: 200,
    reply: cancelBookingReply,
    errors: publicErrors,
    tags,
  }),
};
