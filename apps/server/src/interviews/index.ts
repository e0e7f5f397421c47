// What other domains may use of interviews (see apps/server/src/README.md): the pipeline asks for
// feedback when an application enters an interview stage; scheduling reads the application it books for.
export { requestFeedbackFor } from './request-feedback.ts';
export { loadApplication } from './interview-checks.ts';
