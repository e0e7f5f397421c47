import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

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
};
