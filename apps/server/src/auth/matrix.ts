import type { MatrixEntry } from '../../test/matrix-types.ts';
import { createUser, TEST_PASSWORD } from '../../test/helpers.ts';

/** Who may call each auth route (CONVENTIONS §13). Sign-in routes are public by nature. */
const everyone = ['anonymous', 'admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;
const signedIn = ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'] as const;

export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/login',
    allowed: [...everyone],
    request: async (f) => ({ payload: { email: (await createUser(f.app)).email, password: TEST_PASSWORD } }),
  },
  {
    method: 'POST',
    route: '/api/refresh-token',
    allowed: [...everyone],
    note: 'The refresh token itself is the credential.',
    request: async (f) => {
      const u = await createUser(f.app);
      const res = await f.app.inject({ method: 'POST', url: '/api/login', payload: { email: u.email, password: TEST_PASSWORD, strategy: 'refresh' } });
      return { payload: { refreshToken: res.json().tokens.refreshToken } };
    },
  },
  { method: 'POST', route: '/api/logout', allowed: [...everyone], note: 'Optional auth: always 204.', request: () => ({ payload: {} }) },
  { method: 'GET', route: '/api/user/fetch-logged-in', allowed: [...signedIn], request: () => ({}) },
  {
    method: 'POST',
    route: '/api/password-reset',
    allowed: [...everyone],
    // A fresh address per call: requests are limited per account.
    request: () => ({ payload: { email: `nobody-matrix-${Math.random().toString(36).slice(2, 10)}@test.example` } }),
  },
  {
    method: 'PATCH',
    route: '/api/user/update-password',
    allowed: [...signedIn],
    note: 'Same password again, so the fixture users can sign in afterwards.',
    request: () => ({ payload: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD } }),
  },
];
