/** What other domains use of the CRM. */
export { type CandidateEventType, recordCandidateEvent } from './events.ts';
export { recordConsent } from './privacy/consent.ts';
export { readPrivacySettings } from './privacy/settings.ts';
export { privacyNoticeUrl } from './privacy/notice-url.ts';
export { CANDIDATE_READERS } from './rights.ts';
