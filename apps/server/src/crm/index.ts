/** What other domains use of the CRM. */
export { type CandidateEventType, recordCandidateEvent } from './events.ts';
export { hasCandidateRight } from './access.ts';
