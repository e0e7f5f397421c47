// What other domains and the career pages may use of the jobs domain (see apps/server/src/README.md).
export { listDepartments } from './departments.ts';
export { recordEvent } from './events.ts';
export { questionsForJob } from './prequalification.ts';
export { type ClientRow, clientBySlug, clientByVirtualApp, publicClient } from './public-client.ts';
export { plainText } from './sanitize.ts';
export { searchJobs } from './search-jobs.ts';
export type { JobRow } from './serialize.ts';
export { similarJobs } from './similar-jobs.ts';
