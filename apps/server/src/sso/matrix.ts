import type { MatrixEntry } from '../../test/matrix-types.ts';
import { ssoDomainClaims } from '../db/schema/team.ts';

/**
 * Who may call each SSO route (docs/permissions.md); read by test/route-matrix.test.ts like every
 * src/<domain>/matrix.ts. Requests target tenant A.
 */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const managersA = ['admin', 'recruiterA'] as const;

export const matrix: MatrixEntry[] = [
  { method: 'GET', route: '/api/sso/settings', allowed: [...managersA], request: (f) => ({ url: `/api/sso/settings?clientId=${f.a.client.id}` }) },
  {
    method: 'PATCH',
    route: '/api/sso/settings/update',
    allowed: [...managersA],
    request: (f) => ({
      payload: {
        clientId: f.a.client.id,
        sso: false,
        issuer: 'https://login.example.com/tenant',
        oidcClientId: 'portal',
        oidcClientSecret: 'secret',
        emailDomains: [`a-${f.a.client.id.slice(0, 8)}.example`],
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/sso/domains/check',
    allowed: [...managersA],
    note: 'Looks for the TXT record of a domain tenant A claimed (none is published: it stays pending, 200).',
    request: async (f) => {
      const domain = `m-${f.a.client.id.slice(0, 8)}.invalid`;
      await f.app.db.insert(ssoDomainClaims).values({ clientId: f.a.client.id, domain, token: 'matrix' }).onConflictDoNothing();
      return { payload: { clientId: f.a.client.id, domain } };
    },
  },
  {
    method: 'GET',
    route: '/api/sso/discover',
    allowed: [...everyone],
    note: 'Public: says whether an address signs in through SSO.',
    request: () => ({ url: '/api/sso/discover?email=someone@example.com' }),
  },
  {
    method: 'POST',
    route: '/api/sso/exchange',
    allowed: [],
    note: 'Public, but only a fresh ticket from the callback opens a session: a made-up one is a 404 for everyone.',
    request: () => ({ payload: { ticket: 'not-a-ticket-not-a-ticket-0000' } }),
  },
  { method: 'POST', route: '/api/sso/logout', allowed: [...everyone], note: 'Ends the caller’s session, if any.', request: () => ({ payload: {} }) },
];
