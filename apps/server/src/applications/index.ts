/** What other domains use of candidates (Indeed Apply, the career site). */
export { applicationRecipients, type NewApplicationNotice, notifyNewApplication } from './notify-application.ts';
export { resumeTextOf } from './resume-text.ts';
export { applyToJob, RESUME_MAX_BYTES } from './apply-to-job.ts';
export { eraseProposedChanges, removeProposalFiles } from './erase-proposed-changes.ts';
