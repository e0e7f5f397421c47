import type { sapImportRoutes as r } from '@hh/contract/sap-import';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { SAP_MANAGERS } from './rights.ts';
import { readSapSettings, serializeSapSettings } from './sap-settings.ts';

/** GET /api/sap-import/settings: the connection without its password, the schedule and the latest SAP import. */
export const getSapSettings: Operation<typeof r.settings, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SAP_MANAGERS, 'sapImport');
  return serializeSapSettings(deps.db, client.id, await readSapSettings(deps.db, client.id));
};
