import { messages } from '@hh/contract/messages';
import type { sapImportRoutes as r } from '@hh/contract/sap-import';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { serializeImport } from '../job-imports/index.ts';
import { badRequest } from '../lib/app-error.ts';
import { SAP_MANAGERS } from './rights.ts';
import { queueSapImport } from './queue-sap-import.ts';
import { readSapSettings } from './sap-settings.ts';

/** POST /api/sap-import/import: queues an import of SAP's requisitions; the portal follows it as a job import. */
export const importSapNow: Operation<typeof r.importNow, 'db' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SAP_MANAGERS, 'sapImport');
  if (!(await readSapSettings(deps.db, client.id))) throw badRequest('sapImport', messages.sapImport.notSetUp);
  const row = await queueSapImport(deps, { clientId: client.id, createdBy: input.actor.id });
  await logActivity(deps.db, { actor: input.actor, clientId: client.id, action: 'create', entity: 'jobImport', entityId: row.id, changes: { source: 'sap' } });
  return { ...serializeImport(row), message: messages.sapImport.queued };
};
