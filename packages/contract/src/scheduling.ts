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
});
export const myScheduledInterviewsReply = z.object({ results: z.array(myScheduledInterview) });

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
