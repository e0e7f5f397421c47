/**
 * The method and path of the calls the portal makes before any screen is drawn (boot, sign-in,
 * token check and refresh, sign-out, single sign-on), without their schemas. The portal's session
 * code runs on /login, whose first load must stay small: importing auth.ts or sso.ts for a path
 * would bring zod and every schema they build on (about 30 KB gzipped; docs/performance.md). The
 * route entries in auth.ts and sso.ts are built on these, so each path is still written once; the
 * portal types a call with the full entry (`callAt<typeof authRoutes.login>(sessionCalls.login, …)`).
 * No imports here, zod's least of all.
 */
export const sessionCalls = {
  login: { method: 'POST', path: '/api/login' },
  refreshToken: { method: 'POST', path: '/api/refresh-token' },
  logout: { method: 'POST', path: '/api/logout' },
  fetchLoggedIn: { method: 'GET', path: '/api/user/fetch-logged-in' },
  ssoDiscover: { method: 'GET', path: '/api/sso/discover' },
  ssoExchange: { method: 'POST', path: '/api/sso/exchange' },
  ssoLogout: { method: 'POST', path: '/api/sso/logout' },
} as const;
