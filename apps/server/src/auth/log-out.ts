import type { authRoutes as r } from '@hh/contract/auth';
import { answer, type Operation } from '../core/operation.ts';
import { REFRESH_COOKIE } from '../plugins/auth.ts';
import { authCookieUsable } from './cookie-origin.ts';
import { revokeByRefreshToken, revokeSession } from './refresh.ts';
import { clearedSessionCookies } from './session-cookies.ts';

/** POST /api/logout: revokes the refresh token's session and the caller's own, and clears the auth cookies (204). */
export const logOut: Operation<typeof r.logout, 'db'> = async (deps, input) => {
  const token = input.refreshToken ?? (authCookieUsable(input.caller) ? input.caller.cookies[REFRESH_COOKIE] : undefined);
  if (token) await revokeByRefreshToken(deps.db, token);
  if (input.actor) await revokeSession(deps.db, input.actor.sessionId);
  return answer({ clearCookies: clearedSessionCookies });
};
