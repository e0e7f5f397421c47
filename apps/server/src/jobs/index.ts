// What other domains and the career pages may use of the jobs domain (see apps/server/src/README.md).
export { jobValues } from './job-values.ts';
export { loadJob } from './load-job.ts';
export { plainText } from './sanitize.ts';
export { type JobRow, serializeJob } from './serialize.ts';
