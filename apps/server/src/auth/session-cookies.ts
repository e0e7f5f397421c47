import type { Caller, CookieSet } from '../core/operation.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../plugins/auth.ts';

/** Core spec §9: the auth cookies' max age, in seconds. */
const COOKIE_MAX_AGE = 1209600;

/**
 * The auth cookies of core spec §9 (prefix `auth.`, path /, 1209600 s, SameSite lax, secure over
 * HTTPS), for `answer({ setCookies })`: a sign-in, a refresh, an accepted invitation, an SSO sign-in.
 */
export function sessionCookies(caller: Pick<Caller, 'protocol'>, tokens: { accessToken: string; refreshToken?: string }): CookieSet[] {
  const options = { path: '/', maxAge: COOKIE_MAX_AGE, sameSite: 'lax' as const, secure: caller.protocol === 'https', httpOnly: true };
  const out: CookieSet[] = [{ name: ACCESS_COOKIE, value: tokens.accessToken, options }];
  if (tokens.refreshToken) out.push({ name: REFRESH_COOKIE, value: tokens.refreshToken, options });
  return out;
}

/** Both auth cookies cleared, for `answer({ clearCookies })`: a sign-out, a password change, a refresh token used twice. */
export const clearedSessionCookies = [
  { name: ACCESS_COOKIE, options: { path: '/' } },
  { name: REFRESH_COOKIE, options: { path: '/' } },
];
