import { keys } from './storage-keys.ts';

interface StoredSession {
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms when the access token stops being valid: login time + tokens.expiresIn. */
  expiresAt: number;
}

/**
 * Tokens from the login/refresh reply. Kept in localStorage (like the auth module the spec describes,
 * `auth._token.local`) so a second tab of a signed-in user stays signed in; the server's httpOnly
 * cookie carries the same access token. Decision: localStorage rather than sessionStorage, for tabs.
 */
export const tokenStore = {
  get(): StoredSession | null {
    const raw = localStorage.getItem(keys.session);
    if (!raw) return null;
    try {
      const v = JSON.parse(raw) as StoredSession;
      return typeof v.accessToken === 'string' && typeof v.expiresAt === 'number' ? v : null;
    } catch (err) {
      console.warn('Dropping an unreadable stored session', err);
      localStorage.removeItem(keys.session);
      return null;
    }
  },
  set(tokens: { accessToken: string; refreshToken?: string; expiresIn: number }, now = Date.now()) {
    const prev = this.get();
    const next: StoredSession = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? prev?.refreshToken,
      expiresAt: now + tokens.expiresIn * 1000,
    };
    localStorage.setItem(keys.session, JSON.stringify(next));
  },
  clear() {
    localStorage.removeItem(keys.session);
  },
};
