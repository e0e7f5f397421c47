import { sapImportRoutes as r } from '@hh/contract/sap-import';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getSapSettings } from './get-sap-settings.ts';
import { importSapNow } from './import-sap-now.ts';
import { saveSapSettings } from './save-sap-settings.ts';

/** SAP SuccessFactors requisition import (docs/sap-import.md). Workers: background/*.job.ts, listed in src/workers.ts. */
export default async function sapImportRoutes(app: FastifyInstance) {
  route(app, r.settings, getSapSettings);
  route(app, r.saveSettings, saveSapSettings);
  route(app, r.importNow, importSapNow);
}
