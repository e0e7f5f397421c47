// What other domains and the career pages may use of prequalification (see apps/server/src/README.md).
export { questionsForJob } from './questions-for-job.ts';
