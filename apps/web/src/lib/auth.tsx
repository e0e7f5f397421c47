import type { authRoutes } from '@hh/contract/auth';
import { session } from '@hh/contract/messages/session';
import { sessionCalls } from '@hh/contract/session-calls';
import type { User } from '@hh/contract/users';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, callAt, closeSessionCalls, onSessionProblem, reopenSessionCalls } from './api.ts';
import { strategyFor } from './auth-strategies.ts';
import { notify } from './notify.ts';
import { clearQueryCache } from './query-reset.ts';
import { runtimeConfig } from './runtime-config.ts';
import { keys } from './storage-keys.ts';
import { flushPendingDeletes } from './pending-deletes.ts';
import { tokenStore } from './token-store.ts';

type Status = 'loading' | 'guest' | 'authed';

interface AuthContextValue {
  status: Status;
  user: User | null;
  login(email: string, password: string): Promise<User>;
  /** Logs out; `error` is shown as an error notification (session expired, suspended, ...). */
  logout(opts?: { error?: string; success?: string }): Promise<void>;
  setUser(u: User): void;
  /** True after a logout in this page's life: /login is then the target even from / (spec §2). */
  loggedOut: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const strategy = strategyFor(runtimeConfig);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUserState] = useState<User | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;
  const loggingOut = useRef(false);
  const [loggedOut, setLoggedOut] = useState(false);

  /** Spec §4: log out, notify, remove selectedClientId and reset all stored state (query cache too). */
  const logout = useCallback<AuthContextValue['logout']>(async (opts) => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    // From here on, late 401/403 replies of this session must not start a second logout.
    statusRef.current = 'guest';
    try {
      // A delete waiting in its Undo window is sent while the session still holds.
      await flushPendingDeletes();
      // Polls and refetches of the ending session stop here; the sign-out call itself opts out.
      closeSessionCalls();
      await strategy.logout();
      localStorage.removeItem(keys.selectedClientId);
      clearQueryCache();
      setUserState(null);
      setLoggedOut(true);
      setStatus('guest');
      if (opts?.error) notify.error(opts.error);
      if (opts?.success) notify.success(opts.success);
    } catch (err) {
      reopenSessionCalls();
      throw err;
    } finally {
      loggingOut.current = false;
    }
  }, []);

  // The signed-out screen has replaced the signed-in one (its queries unmounted): calls may go again.
  useEffect(() => {
    if (status === 'guest') reopenSessionCalls();
  }, [status]);

  // Boot: with stored tokens, fetch the user; any failure means "not logged in" (spec §2).
  useEffect(() => {
    if (!tokenStore.get()) {
      setStatus('guest');
      return;
    }
    callAt<typeof authRoutes.fetchLoggedIn>(sessionCalls.fetchLoggedIn, {}, { ignoreSession: true })
      .then(({ user: u }) => {
        setUserState(u);
        setStatus('authed');
      })
      .catch((err: unknown) => {
        // The server refused the tokens (401, 403): they are gone. A 5xx or no answer says nothing about
        // them, so they stay for the next load (the 5xx reload rule retries at once); this load is a guest's.
        if (err instanceof ApiError && err.status < 500) tokenStore.clear();
        setStatus('guest');
        // A suspended user is logged out and sees the server's first auth message (spec §2, §6).
        if (err instanceof ApiError && err.status === 403 && err.first('auth')) notify.error(err.first('auth')!);
      });
  }, []);

  // 401 -> session expired; 403 with errorMsg.auth -> forced logout with that message.
  useEffect(() => {
    onSessionProblem((p) => {
      if (statusRef.current !== 'authed') return;
      void logout({ error: p.kind === 'expired' ? session.expired : p.message });
    });
    return () => onSessionProblem(null);
  }, [logout]);

  // Periodic token check / refresh while signed in; stops when logged out (spec §4).
  useEffect(() => {
    if (status !== 'authed') return;
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        if (!(await strategy.check()) && statusRef.current === 'authed') await logout({ error: session.expired });
      } finally {
        running = false;
      }
    }, strategy.intervalMs);
    return () => clearInterval(timer);
  }, [status, logout]);

  const login = useCallback(async (email: string, password: string) => {
    const reply = await strategy.login(email, password);
    clearQueryCache();
    setUserState(reply.user);
    setStatus('authed');
    return reply.user;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, login, logout, loggedOut, setUser: (u) => setUserState(u) }),
    [status, user, login, logout, loggedOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** The signed-in user (only inside the signed-in layout). */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser needs a signed-in user');
  return user;
}
