import type { authRoutes as r } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { answer, type Operation } from '../core/operation.ts';
import { unauthorized } from '../lib/app-error.ts';
import { REFRESH_COOKIE } from '../plugins/auth.ts';
import { authCookieUsable } from './cookie-origin.ts';
import { refreshTokensFor } from './refresh.ts';
import { clearedSessionCookies, sessionCookies } from './session-cookies.ts';

/**
 * POST /api/refresh-token: the body's refresh token, else the refresh cookie (when the request may
 * use the auth cookies). A token presented twice revokes its session (refresh.ts) and clears the
 * cookies with the same 401 as an unknown token.
 */
export const refreshSession: Operation<typeof r.refreshToken, 'db' | 'config'> = async (deps, input) => {
  const token = input.refreshToken ?? (authCookieUsable(input.caller) ? input.caller.cookies[REFRESH_COOKIE] : undefined);
  if (!token) throw unauthorized(messages.server.refreshInvalid);
  const result = await refreshTokensFor(deps.db, deps.config, token);
  if (result.reused) {
    return answer({ status: 401, clearCookies: clearedSessionCookies, body: { errorMsg: { auth: [messages.server.refreshInvalid] } } });
  }
  return answer({ setCookies: sessionCookies(input.caller, result.tokens), body: { tokens: result.tokens, refresh_token: result.tokens.refreshToken } });
};
