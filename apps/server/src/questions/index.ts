/** What other domains use of the question bank: the write rule shared with email templates. */
export { loadClientForWrite } from './rights.ts';
