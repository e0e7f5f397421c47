import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { IMPORT_QUEUE, runImport } from '../run-import.ts';

/** Runs one queued import (file or feed). Not retried: a failed import is recorded with its errors and the user starts another. */
export const importJobsJob = defineJob<{ clientId: string; importId: string }>({
  queue: IMPORT_QUEUE,
  retry: { retryLimit: 0 },
  handler: (app, d) => runImport(depsOf(app), d.clientId, d.importId),
});
