import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../../test/matrix-types.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { candidateMerges } from '../../db/schema/crm-duplicates.ts';
import { mergedEmail } from './merge-candidates.ts';
import type { MergeUndo } from './merge-undo.ts';

/** Who may call the duplicates routes (docs/permissions.md "Candidates"); spread into crm/matrix.ts. Requests target tenant A. */
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const rand = () => randomBytes(4).toString('hex');

/** Two candidates of A with the same phone: a likely duplicate pair. */
async function pairOfA(f: MatrixFixture) {
  const phone = `+1 512 55${Math.floor(Math.random() * 1e5)
    .toString()
    .padStart(5, '0')}`;
  const rows = await f.app.db
    .insert(candidates)
    .values([
      { clientId: f.a.client.id, firstName: 'Dup', lastName: `One ${rand()}`, email: `d1-${rand()}@cand.example`, phone },
      { clientId: f.a.client.id, firstName: 'Dup', lastName: `Two ${rand()}`, email: `d2-${rand()}@cand.example`, phone },
    ])
    .returning();
  return rows;
}

/** A merge of A made just now (as mergeCandidates leaves it when nothing else moved). */
async function mergeOfA(f: MatrixFixture): Promise<string> {
  const [s, m] = await pairOfA(f);
  await f.app.db
    .update(candidates)
    .set({ mergedInto: s.id, email: mergedEmail(m.id) })
    .where(and(eq(candidates.clientId, f.a.client.id), eq(candidates.id, m.id)));
  const undo: MergeUndo = {
    survivorBefore: {
      tags: s.tags,
      skills: s.skills,
      phone: s.phone,
      city: s.city,
      state: s.state,
      zipCode: s.zipCode,
      country: s.country,
      lat: s.lat,
      lng: s.lng,
      resumeText: s.resumeText,
      experience: s.experience,
      education: s.education,
      lastActivityAt: s.lastActivityAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    },
    mergedBefore: { email: m.email, updatedAt: m.updatedAt.toISOString() },
    applications: [],
    deletedApplications: [],
    files: [],
    insertedFiles: [],
    events: [],
    mergeEventId: '00000000-0000-0000-0000-000000000000',
    favorites: [],
    deletedFavorites: [],
    listMembers: [],
    deletedListMembers: [],
    followUps: [],
    alerts: [],
  };
  const [row] = await f.app.db
    .insert(candidateMerges)
    .values({ clientId: f.a.client.id, survivorId: s.id, mergedId: m.id, reasons: ['phone'], undo: undo as unknown as Record<string, unknown> })
    .returning();
  return row.id;
}

export const duplicatesMatrix: MatrixEntry[] = [
  {
    method: 'GET',
    route: '/api/crm/duplicates',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/crm/duplicates?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/crm/duplicates/candidate/:id',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/duplicates/candidate/${(await pairOfA(f))[0].id}?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/crm/duplicates/merge',
    allowed: [...tenantA],
    request: async (f) => {
      const [s, m] = await pairOfA(f);
      return { payload: { clientId: f.a.client.id, survivorId: s.id, mergedId: m.id } };
    },
  },
  {
    method: 'GET',
    route: '/api/crm/duplicates/merges',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/crm/duplicates/merges?clientId=${f.a.client.id}` }),
  },
  {
    method: 'POST',
    route: '/api/crm/duplicates/merges/:id/undo',
    allowed: [...tenantA],
    request: async (f) => ({ url: `/api/crm/duplicates/merges/${await mergeOfA(f)}/undo`, payload: { clientId: f.a.client.id } }),
  },
  {
    method: 'POST',
    route: '/api/crm/duplicates/dismiss',
    allowed: [...tenantA],
    request: async (f) => {
      const [s, m] = await pairOfA(f);
      return { payload: { clientId: f.a.client.id, candidateIds: [s.id, m.id] } };
    },
  },
];
