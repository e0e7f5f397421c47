import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { type ParseResumeJob, parseApplicationResume, RESUME_PARSE_QUEUE } from '../parse-application-resume.ts';

/** Parses an application's resume in a worker thread after the application was stored; 3 tries for infrastructure faults. */
export const parseResumeJob = defineJob<ParseResumeJob>({
  queue: RESUME_PARSE_QUEUE,
  retry: { retryLimit: 2, retryDelay: 5 },
  handler: (app, d) => parseApplicationResume(depsOf(app), d),
});
