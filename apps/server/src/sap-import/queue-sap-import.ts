import type { DbOrTx } from '../db/client.ts';
import { queueImport } from '../job-imports/index.ts';
import type { Queue } from '../plugins/queue.ts';
import { SAP_QUEUE } from './sap-settings.ts';

/** A job import whose source is SAP, queued for this domain's worker (background/import-sap.job.ts), which reads SAP and runs the pipeline. */
export const queueSapImport = (deps: { db: DbOrTx; queue: Queue }, input: { clientId: string; createdBy?: string }) =>
  queueImport(deps, { clientId: input.clientId, source: 'sap', fileName: 'SAP SuccessFactors', createdBy: input.createdBy, queue: SAP_QUEUE });
