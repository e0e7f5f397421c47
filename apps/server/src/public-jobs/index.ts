// What other domains and the career pages may use of the public job search (see apps/server/src/README.md).
export { type ClientRow, clientBySlug, clientByVirtualApp, publicClient } from './public-client.ts';
export { followSearchChanges, type SearchResult, searchJobs } from './search-jobs.ts';
export { similarJobs } from './similar-jobs.ts';
