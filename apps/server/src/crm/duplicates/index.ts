/** Candidate duplicates and merges (issue 12 "Duplicates", decision 0012). */
export { default as duplicatesRoutes } from './routes.ts';
