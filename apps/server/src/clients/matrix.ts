import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MatrixEntry, MatrixFixture } from '../../test/matrix-types.ts';
import { clientFormQuestions, clients, mediaLibraries } from '../db/schema/core.ts';

/** Who may call each client route (docs/permissions.md). Requests target tenant A. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const signedIn = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const tenantA = ['admin', 'recruiterA', 'staffA'] as const;
const managersA = ['admin', 'recruiterA'] as const;
const rand = () => randomBytes(4).toString('hex');

async function questionOfA(f: MatrixFixture) {
  const [q] = await f.app.db
    .insert(clientFormQuestions)
    .values({ clientId: f.a.client.id, question: `Q ${rand()}` })
    .returning();
  return q;
}

async function libraryOfA(f: MatrixFixture) {
  const [found] = await f.app.db.select().from(mediaLibraries).where(eq(mediaLibraries.clientId, f.a.client.id)).limit(1);
  if (found) return found;
  const [row] = await f.app.db.insert(mediaLibraries).values({ clientId: f.a.client.id }).returning();
  return row;
}

async function domainOfA(f: MatrixFixture): Promise<string> {
  const [c] = await f.app.db.select({ d: clients.domainURL }).from(clients).where(eq(clients.id, f.a.client.id));
  if (c?.d) return c.d;
  const d = `careers-${rand()}.matrix.example.com`;
  await f.app.db.update(clients).set({ domainURL: d }).where(eq(clients.id, f.a.client.id));
  return d;
}

export const matrix: MatrixEntry[] = [
  { method: 'POST', route: '/api/client/create', allowed: ['admin', 'recruiterA', 'recruiterB'], request: () => ({ payload: { name: `Matrix ${rand()}` } }) },
  { method: 'PATCH', route: '/api/client/update', allowed: [...managersA], request: (f) => ({ payload: { _id: f.a.client.id, phoneNumber: '+1 555 0100' } }) },
  {
    method: 'GET',
    route: '/api/client',
    allowed: [...signedIn],
    note: 'Each caller sees only their own scope.',
    request: (f) => ({ url: `/api/client?createdBy=${f.a.recruiter.id}` }),
  },
  { method: 'GET', route: '/api/client/get-by-id', allowed: [...tenantA], request: (f) => ({ url: `/api/client/get-by-id?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/client/get-unread-messages-count',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/client/get-unread-messages-count?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/client/get-by-slug',
    allowed: [...everyone],
    request: (f) => ({ url: `/api/client/get-by-slug?nameSlug=${f.a.client.nameSlug}` }),
  },
  {
    method: 'GET',
    route: '/api/client/get-by-domain',
    allowed: [...everyone],
    request: async (f) => ({ url: `/api/client/get-by-domain?domainURL=${await domainOfA(f)}&product=wave` }),
  },
  {
    method: 'POST',
    route: '/api/client/create-form-question',
    allowed: [...tenantA],
    request: (f) => ({ payload: { clientId: f.a.client.id, question: 'What do you enjoy here?' } }),
  },
  {
    method: 'PATCH',
    route: '/api/client/update-form-question',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await questionOfA(f)).id, clientId: f.a.client.id, question: 'Changed?' } }),
  },
  {
    method: 'DELETE',
    route: '/api/client/delete-form-question',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await questionOfA(f)).id, clientId: f.a.client.id } }),
  },
  {
    method: 'GET',
    route: '/api/client/get-form-questions',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/client/get-form-questions?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/client/get-questions',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/client/get-questions?clientId=${f.a.client.id}` }),
  },
  {
    method: 'GET',
    route: '/api/client/get-media-library',
    allowed: [...tenantA],
    request: (f) => ({ url: `/api/client/get-media-library?clientId=${f.a.client.id}` }),
  },
  {
    method: 'PATCH',
    route: '/api/client/update-media-library',
    allowed: [...tenantA],
    request: async (f) => ({ payload: { _id: (await libraryOfA(f)).id, clientId: f.a.client.id, images: [{ url: 'https://example.com/a.png' }] } }),
  },
  {
    method: 'POST',
    route: '/api/media-library-create',
    allowed: [...tenantA],
    note: 'One library per client: the request clears A’s library first so each allowed role can create it.',
    request: async (f) => {
      await f.app.db.delete(mediaLibraries).where(eq(mediaLibraries.clientId, f.a.client.id));
      return { payload: { clientId: f.a.client.id } };
    },
  },
];
