import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { sapImportSettings } from '../db/schema/sap-import.ts';
import { sapSecrets } from './sap-settings.ts';

/**
 * Who may call each SAP import route: the client's managers (admins and recruiters who manage it),
 * not its staff. The address is a reserved name (.test), so an import the matrix queues fails at once
 * without reaching anything.
 */
const managersA: MatrixRole[] = ['admin', 'recruiterA'];
const BASE = 'https://sap.example.test/odata/v2';

async function settingsA(f: MatrixFixture) {
  const known = { baseUrl: BASE, companyId: 'MATRIX', username: 'api', passwordSealed: sapSecrets(f.app.config).seal('secret') };
  await f.app.db
    .insert(sapImportSettings)
    .values({ clientId: f.a.client.id, ...known })
    .onConflictDoUpdate({ target: sapImportSettings.clientId, set: known });
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/sap-import/settings', allowed: managersA, request: (f) => ({ url: `/api/sap-import/settings?clientId=${f.a.client.id}` }) },
  {
    method: 'PUT',
    route: '/api/sap-import/settings',
    allowed: managersA,
    request: (f) => ({ payload: { clientId: f.a.client.id, baseUrl: BASE, companyId: 'MATRIX', username: 'api', password: 'secret', schedule: 'off' } }),
  },
  {
    method: 'POST',
    route: '/api/sap-import/import',
    allowed: managersA,
    request: async (f) => {
      await settingsA(f);
      return { payload: { clientId: f.a.client.id } };
    },
  },
];
