import type { loginReply, refreshReply } from '@hh/contract/auth';
import type { z } from 'zod';
import { api } from './api.ts';
import type { RuntimeConfig } from '@hh/contract/auth';
import { tokenStore } from './token-store.ts';

export type LoginReply = z.infer<typeof loginReply>;
type RefreshReply = z.infer<typeof refreshReply>;

/**
 * A sign-in strategy (core spec §6: access token only, access plus refresh, openID).
 * `check` runs every `intervalMs` while signed in and resolves false when the session is over.
 */
export interface AuthStrategy {
  name: RuntimeConfig['authStrategy'];
  intervalMs: number;
  login(email: string, password: string): Promise<LoginReply>;
  check(): Promise<boolean>;
  logout(): Promise<void>;
}

async function loginWith(strategy: 'access' | 'refresh', email: string, password: string) {
  const reply = await api<LoginReply>('/api/login', { method: 'POST', body: { email, password, strategy }, ignoreSession: true, noReload: true });
  tokenStore.set(reply.tokens);
  return reply;
}

/** POST /api/logout carries the refresh token when one exists (spec §6, §7). Failure still logs out locally. */
async function logoutCall() {
  const refreshToken = tokenStore.get()?.refreshToken;
  try {
    await api('/api/logout', { method: 'POST', body: refreshToken ? { refreshToken } : {}, ignoreSession: true, noReload: true, silent: true });
  } catch (err) {
    console.warn('Logout call failed; signing out locally', err);
  } finally {
    tokenStore.clear();
  }
}

/** Access token only (default): the stored expiry (login time + expiresIn) is checked periodically. */
export function accessStrategy(cfg: RuntimeConfig): AuthStrategy {
  return {
    name: 'access',
    intervalMs: cfg.accessTokenCheckInterval,
    login: (e, p) => loginWith('access', e, p),
    async check() {
      const s = tokenStore.get();
      return !!s && s.expiresAt > Date.now();
    },
    logout: logoutCall,
  };
}

/** Access plus refresh: a refresh runs at 0.75 × REFRESH_TOKEN_CHECK_INTERVAL and stores the rotated tokens. */
export function refreshStrategy(cfg: RuntimeConfig): AuthStrategy {
  return {
    name: 'refresh',
    intervalMs: Math.max(1000, Math.round(cfg.refreshTokenCheckInterval * 0.75)),
    login: (e, p) => loginWith('refresh', e, p),
    async check() {
      const refreshToken = tokenStore.get()?.refreshToken;
      try {
        const reply = await api<RefreshReply>('/api/refresh-token', {
          method: 'POST',
          body: refreshToken ? { refreshToken } : {},
          ignoreSession: true,
          noReload: true,
          silent: true,
        });
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
 * The strategy chosen by runtime configuration. 'openid' plugs in here: its login redirects to the
 * identity provider (authorization-code flow) and its refresh is the refresh strategy's; until the
 * server offers the OpenID callback, it signs in like the refresh strategy.
 */
export function strategyFor(cfg: RuntimeConfig): AuthStrategy {
  if (cfg.authStrategy === 'access') return accessStrategy(cfg);
  return { ...refreshStrategy(cfg), name: cfg.authStrategy };
}
