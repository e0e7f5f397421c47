/**
 * What other domains may use from scheduling: the link token (a tenant's row id with a random secret
 * whose hash alone is stored; the chatbot's bookings carry the same kind of reschedule/cancel link).
 */
export { hashSecret, newLinkToken, parseLinkToken, secretMatches } from './link-token.ts';
