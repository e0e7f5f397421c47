import type { Deps } from '../core/deps.ts';
import { GuardedFetchError } from '../core/security/guarded-fetch.ts';
import { runImport } from '../job-imports/index.ts';
import { messages } from '@hh/contract/messages';
import { readRequisitions } from './read-requisitions.ts';
import { readSapSettings } from './sap-settings.ts';

/** Runs one queued SAP import: the job import pipeline, reading the requisitions from SAP once the import is running. */
export async function runSapImport(deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>, input: { clientId: string; importId: string }) {
  await runImport(deps, input.clientId, input.importId, async () => {
    const settings = await readSapSettings(deps.db, input.clientId);
    // The connection was removed after the import was queued.
    if (!settings) throw new GuardedFetchError(messages.sapImport.notSetUp, 'no settings');
    return readRequisitions(deps, settings);
  });
}
