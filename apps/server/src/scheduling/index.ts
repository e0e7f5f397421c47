/**
 * What other domains may use from scheduling: the link token (a tenant's row id with a random secret
 * whose hash alone is stored; the chatbot's bookings carry the same kind of reschedule/cancel link).
 */
export { hashSecret, newLinkToken, parseLinkToken, secretMatches } from './link-token.ts';
/** A self-scheduling link for an application's candidate, made or reused without mailing it (the conversations' booking-link merge field). */
export { type BookingLinkInput, bookingLinkFor } from './booking-link.ts';
