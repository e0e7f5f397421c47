// What other domains may use of interviews (see apps/server/src/README.md): the pipeline asks for
// feedback when an application enters an interview stage.
export { requestFeedbackFor } from './request-feedback.ts';
