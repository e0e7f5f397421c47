import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';
import { bookSlotReply, bookSlotRequest, cancelBookingReply, publicSchedule, publicScheduleParams } from './scheduling.ts';

/**
 * The career-site chatbot (docs/chatbot.md). `/chatbot-calendar` keeps, per client, the interview
 * availability the chatbot may offer candidates: weekday time ranges, a slot length and a time zone.
 * These calls name the client in the query or body: the page sends no X-Client-Id header (core §7).
 */
const tags = ['chatbot'] as const;
const errors = SIGNED_IN_ERRORS;

export const SLOT_LENGTHS = [15, 20, 30, 45, 60, 90, 120] as const;
export const MAX_RANGES = 35;
export const chatbotWeekdayLabels: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM, such as 09:00');
export const availabilityRange = z.object({
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: z.number({ message: 'Choose a weekday' }).int().min(1, 'Choose a weekday').max(7, 'Choose a weekday'),
  start: hhmm,
  end: hhmm,
});
export type AvailabilityRange = z.infer<typeof availabilityRange>;

export const availabilityQuery = z.object({ clientId: id });
export const availability = z.object({
  clientId: id,
  /** False until the client's availability is first saved (the reply then shows the defaults). */
  saved: z.boolean(),
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  ranges: z.array(availabilityRange),
  updatedAt: isoDate.nullable(),
});
export type Availability = z.infer<typeof availability>;
export const saveAvailabilityRequest = z.object({
  clientId: id,
  timeZone: z.string().trim().min(1, 'Choose a time zone').max(64, 'Use a time zone name such as America/Chicago'),
  slotMinutes: z
    .number({ message: 'Choose a slot length' })
    .int('Choose a slot length')
    .refine((n) => (SLOT_LENGTHS as readonly number[]).includes(n), { message: `Choose a slot length of ${SLOT_LENGTHS.join(', ')} minutes` }),
  ranges: z.array(availabilityRange).max(MAX_RANGES, `Use at most ${MAX_RANGES} time ranges`),
});
export const saveAvailabilityReply = availability.extend({ message: z.string() });

// ---------- The chat on the career site (public calls, whitelisted replies) ----------

const publicErrors = [400, 404, 409, 429] as const;
const nameSlug = z.string().trim().min(1, 'The site is missing').max(100);
/** How far ahead the chatbot offers interview times, and how many it lists. */
export const SLOT_HORIZON_DAYS = 14;
export const MAX_OFFERED_SLOTS = 12;
/** The earliest a chatbot interview may start, after now. */
export const MIN_NOTICE_MINUTES = 120;

export const askQuery = z.object({
  nameSlug,
  q: z.string().trim().min(1, 'Type a question').max(300, 'Keep the question under 300 characters'),
});
export const chatJob = z.object({ title: z.string(), url: z.string(), facts: z.string() });
export const askReply = z.object({
  /** What the answer is about: open jobs, benefits, a question of the site's FAQ, interviews, or help. */
  topic: z.enum(['jobs', 'benefits', 'faq', 'interview', 'help']),
  answer: z.string(),
  jobs: z.array(chatJob),
});
export type AskReply = z.infer<typeof askReply>;

export const slotsQuery = z.object({ nameSlug });
export const chatSlot = z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }), label: z.string() });
export const slotsReply = z.object({ timeZone: z.string(), slotMinutes: z.number().int(), slots: z.array(chatSlot) });

export const chatCandidateRequest = z.object({
  nameSlug,
  firstName: z.string().trim().min(1, 'Please enter your first name').max(100, 'Use at most 100 characters'),
  lastName: z.string().trim().min(1, 'Please enter your last name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .max(40, 'Use at most 40 characters')
    .regex(/^\+?[0-9 ()./-]{7,}$/, 'Please enter a phone number with at least 7 digits'),
  consent: z.literal(true, { message: 'Please agree to the privacy notice so that we can keep your details' }),
});
export const chatCandidateReply = z.object({
  /** Lets this visitor book a time for this candidate (signed, for 24 hours); it names no one. */
  candidateToken: z.string(),
  message: z.string(),
});
export const chatBookRequest = z.object({
  nameSlug,
  candidateToken: z.string().min(1, 'Leave your details first').max(500),
  start: z.iso.datetime({ offset: true, message: 'Choose one of the times offered' }),
});
export const chatBookReply = z.object({
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  when: z.string(),
  message: z.string(),
  /** The candidate's page to reschedule or cancel this booking (the link in the confirmation mail too). */
  manageUrl: z.string(),
});

export const chatbotRoutes = {
  availability: defineRoute({
    method: 'GET',
    path: '/api/chatbot/availability',
    query: availabilityQuery,
    status: 200,
    reply: availability,
    errors,
    tags,
  }),
  saveAvailability: defineRoute({
    method: 'PUT',
    path: '/api/chatbot/availability',
    body: saveAvailabilityRequest,
    status: 200,
    reply: saveAvailabilityReply,
    errors,
    tags,
    summary: 'Saves the interview availability the career-site chatbot may offer',
  }),
  ask: defineRoute({
    method: 'GET',
    path: '/api/chatbot/public/ask',
    auth: 'public',
    query: askQuery,
    status: 200,
    reply: askReply,
    errors: publicErrors,
    tags,
    summary: "The chatbot's answer from the client's open jobs, benefits and FAQ (rule-based, no outside service)",
  }),
  slots: defineRoute({
    method: 'GET',
    path: '/api/chatbot/public/slots',
    auth: 'public',
    query: slotsQuery,
    status: 200,
    reply: slotsReply,
    errors: publicErrors,
    tags,
  }),
  saveCandidate: defineRoute({
    method: 'POST',
    path: '/api/chatbot/public/candidate',
    auth: 'public',
    body: chatCandidateRequest,
    status: 201,
    reply: chatCandidateReply,
    errors: publicErrors,
    tags,
    summary: 'Keeps the visitor as a candidate (source Chatbot) with their consent',
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/chatbot/public/book',
    auth: 'public',
    body: chatBookRequest,
    status: 201,
    reply: chatBookReply,
    errors: publicErrors,
    tags,
    summary: 'Books one of the offered interview times for the candidate the chat collected',
  }),
  // The candidate's page for a chat booking (/schedule/chat/{token}, the link in its confirmation):
  // the same view and calls as a scheduling link's booking page.
  booking: defineRoute({
    method: 'GET',
    path: '/api/chatbot/public/bookings/:token',
    params: publicScheduleParams,
    auth: 'public',
    status: 200,
    reply: publicSchedule,
    errors: publicErrors,
    tags,
  }),
  rescheduleBooking: defineRoute({
    method: 'POST',
    path: '/api/chatbot/public/bookings/:token/reschedule',
    params: publicScheduleParams,
    body: bookSlotRequest,
    auth: 'public',
    status: 200,
    reply: bookSlotReply,
    errors: publicErrors,
    tags,
    summary: 'Moves a chat booking to another offered time (the link from its confirmation)',
  }),
  cancelBooking: defineRoute({
    method: 'POST',
    path: '/api/chatbot/public/bookings/:token/cancel',
    params: publicScheduleParams,
    body: z.object({}),
    auth: 'public',
    status: 200,
    reply: cancelBookingReply,
    errors: publicErrors,
    tags,
    summary: 'Cancels a chat booking (the link from its confirmation)',
  }),
};
