import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { PROCESS_ATTEMPTS, PROCESS_QUEUE, processVideo } from '../process-video.ts';

/** Transcodes an uploaded video and makes its thumbnail; PROCESS_ATTEMPTS tries in all. */
export const processVideoJob = defineJob<{ clientId: string; videoId: string }>({
  queue: PROCESS_QUEUE,
  retry: { retryLimit: PROCESS_ATTEMPTS - 1 },
  handler: (app, d) => processVideo(depsOf(app), d),
});
