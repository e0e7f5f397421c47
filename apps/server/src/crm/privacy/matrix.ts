import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../../test/matrix-types.ts';
import { candidates } from '../../db/schema/candidates.ts';

/** Who may call each candidate-privacy route (docs/permissions.md "Candidate privacy"); spread into crm/matrix.ts. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

async function candidateOfA(f: MatrixFixture) {
  const [c] = await f.app.db
    .insert(candidates)
    .values({ clientId: f.a.client.id, firstName: 'Priv', lastName: `Acy ${rand()}`, email: `pv-${rand()}@cand.example` })
    .returning();
  return c;
}

/** A candidate of A with one stored file (for the zip export). */
async function candidateWithFileOfA(f: MatrixFixture) {
  const c = await candidateOfA(f);
  const key = `candidates/${f.a.client.id}/${rand()}/note.txt`;
  await f.app.storage.put(key, Buffer.from('file'), 'text/plain');
  await f.app.db.execute(sql`INSERT INTO files (client_id, owner_id, storage_key, content_type, size_bytes, kind)
    VALUES (${f.a.client.id}, ${c.id}, ${key}, 'text/plain', 4, 'candidate_file')`);
  return c;
}

export const privacyMatrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/crm/privacy/settings',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/crm/privacy/settings?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PUT',
    route: '/api/crm/privacy/settings',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, retentionMonths: null, privacyNotice: '<p>We keep your data safe.</p>' } }),
  },
  {
    method: 'GET',
    route: '/api/crm/privacy/candidate/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/privacy/candidate/${(await candidateOfA(f)).id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/crm/privacy/candidate/:id/export',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/privacy/candidate/${(await candidateOfA(f)).id}/export?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/crm/privacy/candidate/:id/files',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/privacy/candidate/${(await candidateWithFileOfA(f)).id}/files?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/crm/privacy/candidate/erase',
    allowed: [...tenantA],
    request: async (f) => {
      const c = await candidateOfA(f);
      return { payload: { clientId: f.a.client.id, candidateId: c.id, confirm: c.email } };
    },
  },
];
