import type { authRoutes, RuntimeConfig } from '@hh/contract/auth';
import type { RouteReply } from '@hh/contract/route';
import { sessionCalls } from '@hh/contract/session-calls';
import type { ssoRoutes } from '@hh/contract/sso';
import { ApiError, callAt } from './api.ts';
import { tokenStore } from './token-store.ts';

type LoginReply = RouteReply<typeof authRoutes.login>;

/**
 * A sign-in strategy (core spec §6: access token only, access plus refresh, openID).
 * `check` runs every `intervalMs` while signed in and resolves false when the session is over.
 */
interface AuthStrategy {
  name: RuntimeConfig['authStrategy'];
  intervalMs: number;
  login(email: string, password: string): Promise<LoginReply>;
  check(): Promise<boolean>;
  logout(): Promise<void>;
}

async function loginWith(strategy: 'access' | 'refresh', email: string, password: string) {
  const reply = await callAt<typeof authRoutes.login>(sessionCalls.login, { body: { email, password, strategy } }, { ignoreSession: true, noReload: true });
  tokenStore.set(reply.tokens);
  return reply;
}

/** POST api/logout carries the refresh token when one exists (spec §6, §7). Failure still logs out locally. */
async function logoutCall() {
  const refreshToken = tokenStore.get()?.refreshToken;
  try {
    await callAt<typeof authRoutes.logout>(
      sessionCalls.logout,
      { body: refreshToken ? { refreshToken } : {} },
      { ignoreSession: true, noReload: true, silent: true },
    );
  } catch (err) {
    console.warn('Logout call failed; signing out locally', err);
  } finally {
    tokenStore.clear();
  }
}

/**
 * Access token only (default, core spec §4): each check first compares the stored expiry (login time
 * + expiresIn), then asks the server with the spec's `GET api/user/fetch-logged-in` (one cached session
 * lookup), so a token revoked on the server (logout elsewhere, password change, suspension) ends the
 * session at the next check, not at the user's next call. The answer goes through the session rules
 * of `api()`: a 401 logs out with "Your session has expired!", a 403 with an auth message (suspended)
 * with that message. No answer (offline, 5xx) keeps the session until the expiry says otherwise.
 */
function accessStrategy(cfg: RuntimeConfig): AuthStrategy {
  return {
    name: 'access',
    intervalMs: cfg.accessTokenCheckInterval,
    login: (e, p) => loginWith('access', e, p),
    async check() {
      const s = tokenStore.get();
      if (!s || s.expiresAt <= Date.now()) return false;
      try {
        await callAt<typeof authRoutes.fetchLoggedIn>(sessionCalls.fetchLoggedIn, {}, { noReload: true, silent: true });
        return true;
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || (err.status === 403 && err.first('auth')))) return false;
        console.warn('The token check could not reach the server; the session stands until it expires', err);
        return true;
      }
    },
    logout: logoutCall,
  };
}

/** Access plus refresh: a refresh runs at 0.75 × REFRESH_TOKEN_CHECK_INTERVAL and stores the rotated tokens. */
function refreshStrategy(cfg: RuntimeConfig): AuthStrategy {
  return {
    name: 'refresh',
    intervalMs: Math.max(1000, Math.round(cfg.refreshTokenCheckInterval * 0.75)),
    login: (e, p) => loginWith('refresh', e, p),
    async check() {
      const refreshToken = tokenStore.get()?.refreshToken;
      try {
        const reply = await callAt<typeof authRoutes.refreshToken>(
          sessionCalls.refreshToken,
          { body: refreshToken ? { refreshToken } : {} },
          { ignoreSession: true, noReload: true, silent: true },
        );
        tokenStore.set({ ...reply.tokens, refreshToken: reply.tokens.refreshToken ?? reply.refresh_token });
        return true;
      } catch (err) {
        console.warn('Token refresh failed', err);
        return false;
      }
    },
    logout: logoutCall,
  };
}

/**
 * OpenID (core spec §4, §6): sign-in goes through the client's identity provider ("Sign in with SSO",
 * features/team/SsoSignIn.tsx); the session refreshes like the refresh strategy (0.75 × interval,
 * 30-day refresh token on the server); sign-out also ends the provider's session (RP-initiated logout).
 */
function openidStrategy(cfg: RuntimeConfig): AuthStrategy {
  const base = refreshStrategy(cfg);
  return {
    ...base,
    name: 'openid',
    async logout() {
      let logoutUrl: string | null = null;
      try {
        logoutUrl = (await callAt<typeof ssoRoutes.logout>(sessionCalls.ssoLogout, {}, { ignoreSession: true, noReload: true, silent: true })).logoutUrl;
      } catch (err) {
        console.warn('SSO logout call failed; signing out locally', err);
      }
      await logoutCall();
      if (logoutUrl) window.location.assign(logoutUrl);
    },
  };
}

/** The strategy chosen by runtime configuration (AUTH_STRATEGY). */
export function strategyFor(cfg: RuntimeConfig): AuthStrategy {
  if (cfg.authStrategy === 'access') return accessStrategy(cfg);
  if (cfg.authStrategy === 'openid') return openidStrategy(cfg);
  return refreshStrategy(cfg);
}
