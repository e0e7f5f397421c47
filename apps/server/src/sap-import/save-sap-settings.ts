import { messages } from '@hh/contract/messages';
import type { sapImportRoutes as r } from '@hh/contract/sap-import';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { sapImportSettings } from '../db/schema/sap-import.ts';
import { badRequest } from '../lib/app-error.ts';
import { SAP_MANAGERS } from './rights.ts';
import { checkPublicAddress, readSapSettings, sapSecrets, serializeSapSettings } from './sap-settings.ts';

/**
 * PUT /api/sap-import/settings: saves the OData connection and the schedule. The password is
 * write-only (empty keeps the stored one, unless the user or company changed) and sealed at rest.
 */
export const saveSapSettings: Operation<typeof r.saveSettings, 'db' | 'config'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, SAP_MANAGERS, 'sapImport');
  checkPublicAddress(deps.config, input.baseUrl);
  const before = await readSapSettings(deps.db, client.id);
  const sameAccount = before?.username === input.username && before?.companyId === input.companyId;
  const passwordSealed = input.password ? sapSecrets(deps.config).seal(input.password) : sameAccount ? before?.passwordSealed : undefined;
  if (!passwordSealed) throw badRequest('password', messages.sapImport.passwordRequired);
  const values = {
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    companyId: input.companyId,
    username: input.username,
    passwordSealed,
    schedule: input.schedule,
    updatedAt: new Date(),
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(sapImportSettings)
      .values({ clientId: client.id, ...values })
      .onConflictDoUpdate({ target: sapImportSettings.clientId, set: values })
      .returning();
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: before ? 'update' : 'create',
      entity: 'sap-import-settings',
      entityId: client.id,
      // Whether the password changed, never its value.
      changes: {
        baseUrl: values.baseUrl,
        companyId: values.companyId,
        username: values.username,
        schedule: values.schedule,
        passwordChanged: !!input.password,
      },
    });
    return saved;
  });
  return { ...(await serializeSapSettings(deps.db, client.id, row)), message: messages.sapImport.saved };
};
