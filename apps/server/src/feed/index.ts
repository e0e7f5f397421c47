/** What other domains use of the feed (the jobs planning call shares the media planner's rules). */
export { listJobPlanning, updateJobPlanning } from './job-planning.ts';
