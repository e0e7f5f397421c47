import type { MatrixEntry, MatrixFixture, MatrixRole } from '../../test/matrix-types.ts';
import { offerOf, applicationOf, teamMember, templateOf, LETTER } from './offer-test-data.ts';

/** Who may call each offers route: tenant A's hiring team; the offer page's calls are public (the signed link is the key). */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];
const inAWeek = () => new Date(Date.now() + 7 * 86400_000).toISOString();

async function offerBody(f: MatrixFixture) {
  const a = await applicationOf(f.app, f.a.client.id);
  const t = await templateOf(f.app, f.a.client.id);
  return {
    clientId: f.a.client.id,
    applicationId: a.application.id,
    templateId: t.id,
    salary: 90000,
    currency: 'USD',
    startDate: '2027-03-01',
    managerName: 'Dana Smith',
    expiresAt: inAWeek(),
    approverUserIds: [f.a.recruiter.id],
  };
}

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/offer-templates', allowed: tenantA, request: (f) => ({ url: `/api/offer-templates?clientId=${f.a.client.id}` }) },
  {
    method: 'POST',
    route: '/api/offer-templates',
    allowed: tenantA,
    request: (f) => ({ payload: { clientId: f.a.client.id, name: `T ${Math.random()}`, body: LETTER } }),
  },
  {
    method: 'PUT',
    route: '/api/offer-templates/:id',
    allowed: tenantA,
    request: async (f) => ({
      url: `/api/offer-templates/${(await templateOf(f.app, f.a.client.id)).id}`,
      payload: { clientId: f.a.client.id, name: `T ${Math.random()}`, body: LETTER },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/offer-templates/:id',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/offer-templates/${(await templateOf(f.app, f.a.client.id)).id}?clientId=${f.a.client.id}` }),
  },
  { method: 'GET', route: '/api/offers/approvers', allowed: tenantA, request: (f) => ({ url: `/api/offers/approvers?clientId=${f.a.client.id}` }) },
  {
    method: 'GET',
    route: '/api/applications/:id/offer',
    allowed: tenantA,
    request: async (f) => ({ url: `/api/applications/${(await offerOf(f.app, f.a.client.id)).application.id}/offer?clientId=${f.a.client.id}` }),
  },
  { method: 'POST', route: '/api/offers', allowed: tenantA, request: async (f) => ({ payload: await offerBody(f) }) },
  {
    method: 'PUT',
    route: '/api/offers/:id',
    allowed: tenantA,
    request: async (f) => {
      const body = await offerBody(f);
      const o = await offerOf(f.app, f.a.client.id);
      return { url: `/api/offers/${o.offer.id}`, payload: { ...body, applicationId: o.application.id } };
    },
  },
  {
    // Only the chain's current approver may approve (offers.test.ts): here that is a staff member of
    // A who is none of the matrix's roles, so every role is refused and no one sees A's offer.
    method: 'POST',
    route: '/api/offers/:id/approve',
    allowed: [],
    request: async (f) => {
      const approver = await teamMember(f.app, f.a.client.id);
      const o = await offerOf(f.app, f.a.client.id, { approvers: [approver.id] });
      return { url: `/api/offers/${o.offer.id}/approve`, payload: { clientId: f.a.client.id } };
    },
  },
  {
    method: 'POST',
    route: '/api/offers/:id/send',
    allowed: tenantA,
    request: async (f) => {
      const o = await offerOf(f.app, f.a.client.id, { status: 'approved', approved: 1 });
      return { url: `/api/offers/${o.offer.id}/send`, payload: { clientId: f.a.client.id } };
    },
  },
  {
    method: 'GET',
    route: '/api/offer-letters/:token',
    allowed: everyone,
    request: async (f) => ({ url: `/api/offer-letters/${(await offerOf(f.app, f.a.client.id, { status: 'sent', approved: 1 })).token}` }),
  },
  {
    // The stored letter is written by /send; with none stored the stream fails, so the matrix sends one first.
    method: 'GET',
    route: '/api/offer-letters/:token/pdf',
    allowed: everyone,
    request: async (f) => {
      const o = await offerOf(f.app, f.a.client.id, { status: 'sent', approved: 1 });
      await f.app.storage.put(`offers/${f.a.client.id}/${o.offer.id}-r1.pdf`, Buffer.from('%PDF-1.7\n'), 'application/pdf');
      return { url: `/api/offer-letters/${o.token}/pdf` };
    },
  },
  {
    method: 'POST',
    route: '/api/offer-letters/:token/accept',
    allowed: everyone,
    request: async (f) => {
      const o = await offerOf(f.app, f.a.client.id, { status: 'sent', approved: 1 });
      return { url: `/api/offer-letters/${o.token}/accept`, payload: { fullName: `${o.candidate.firstName} ${o.candidate.lastName}` } };
    },
  },
  {
    method: 'POST',
    route: '/api/offer-letters/:token/decline',
    allowed: everyone,
    request: async (f) => ({ url: `/api/offer-letters/${(await offerOf(f.app, f.a.client.id, { status: 'sent', approved: 1 })).token}/decline`, payload: {} }),
  },
];
