/** Candidate duplicates and merges (decision 0012 "Duplicates"). */
export { default as duplicatesRoutes } from './routes.ts';
