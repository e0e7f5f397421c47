import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { runSapImport } from '../run-sap-import.ts';
import { SAP_QUEUE } from '../sap-settings.ts';

/**
 * Runs one queued SAP import (Import now or the schedule). As with file imports, an import that fails
 * its checks ends normally with its errors; only a worker that died mid-run is retried, safely, since
 * the pipeline's one transaction never committed.
 */
export const importSapJob = defineJob<{ clientId: string; importId: string }>({
  queue: SAP_QUEUE,
  retry: { retryLimit: 2, retryDelay: 5, expireInSeconds: 900 },
  handler: (app, d) => runSapImport(depsOf(app), d),
});
