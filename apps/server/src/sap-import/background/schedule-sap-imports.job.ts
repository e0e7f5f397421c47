import { depsOf } from '../../core/deps.ts';
import { defineJob } from '../../plugins/queue.ts';
import { queueDueSapImports } from '../queue-due-sap-imports.ts';

/** Hourly: queues an SAP import for every active client whose schedule is due (hourly, or daily and a day since the last one). */
export const scheduleSapImportsJob = defineJob<object>({
  queue: 'sap-import-schedule',
  retry: { retryLimit: 0 },
  schedule: '23 * * * *',
  handler: async (app) => {
    await queueDueSapImports(depsOf(app), { now: new Date() });
  },
});
