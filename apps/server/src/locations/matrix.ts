import type { MatrixEntry, MatrixRole } from '../../test/matrix-types.ts';

/** Who may call each location route: the career-site calls are public, the gazetteer suggestions for a tenant's portal. */
const tenantA: MatrixRole[] = ['admin', 'recruiterA', 'staffA'];
const everyone: MatrixRole[] = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'];

export const matrix: MatrixEntry[] = [
  // Career site and public forms
  {
    method: 'GET',
    route: '/api/jobs/location-suggestions',
    allowed: everyone,
    request: (f) => ({ url: `/api/jobs/location-suggestions?nameSlug=${f.a.client.nameSlug}&query=aus` }),
  },
  { method: 'GET', route: '/api/validate-zipcode', allowed: everyone, request: () => ({ url: '/api/validate-zipcode?zipcode=78701' }) },
  { method: 'GET', route: '/api/search-address/:clientId', allowed: everyone, request: (f) => ({ url: `/api/search-address/${f.a.client.id}?query=Austin` }) },

  // Portal: locations from the gazetteer
  {
    method: 'GET',
    route: '/api/location-suggestions',
    allowed: tenantA,
    request: (f) => ({ url: `/api/location-suggestions?clientId=${f.a.client.id}&city=Aus` }),
  },
  {
    method: 'GET',
    route: '/api/crm/location-suggestions',
    allowed: tenantA,
    request: (f) => ({ url: `/api/crm/location-suggestions?clientId=${f.a.client.id}&query=Aus` }),
  },
];
