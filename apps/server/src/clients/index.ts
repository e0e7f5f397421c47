/** What other domains use of clients (users' activity-log changes). */
export { redactChanges } from './client-values.ts';
