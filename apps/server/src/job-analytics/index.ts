// What other domains and the career pages may use of job analytics (see apps/server/src/README.md).
export { frequentSearches } from './frequent-searches.ts';
export { eventsSettled, recordEvent } from './record-event.ts';
