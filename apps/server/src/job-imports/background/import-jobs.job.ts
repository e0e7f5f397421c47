import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { IMPORT_QUEUE, runImport } from '../run-import.ts';

/**
 * Runs one queued import (file or feed). An import that fails its checks ends normally, recorded with
 * its errors, and the user starts another; only a worker that died mid-run (its job expired or the
 * process was killed) is retried, and the retry starts the import again from its stored file, which
 * is safe because the import's one transaction never committed.
 */
export const importJobsJob = defineJob<{ clientId: string; importId: string }>({
  queue: IMPORT_QUEUE,
  retry: { retryLimit: 2, retryDelay: 5, expireInSeconds: 900 },
  handler: (app, d) => runImport(depsOf(app), d.clientId, d.importId),
});
