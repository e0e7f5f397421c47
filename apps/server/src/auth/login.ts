import type { authRoutes as r } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { and, eq, gt, sql } from 'drizzle-orm';
import { answer, type Operation } from '../core/operation.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { loginFailures, users } from '../db/schema/core.ts';
import { forbidden, tooManyRequests, unauthorized } from '../lib/app-error.ts';
import { issueSession } from './issue-session.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { sessionCookies } from './session-cookies.ts';

/**
 * Sign-in (core spec §7 Session). A wrong email and a wrong password get the same message.
 * After LOGIN_MAX_FAILURES failures for one account in LOGIN_WINDOW_MINUTES, 429 with Retry-After,
 * whatever address the attempts come from (a forged X-Forwarded-For must not reset the count). The
 * address is recorded for the log; per-address limits are @fastify/rate-limit's. The tokens go in the
 * reply and in the auth cookies.
 */
export const login: Operation<typeof r.login, 'db' | 'config'> = async (deps, input) => {
  const { db, config } = deps;
  const ip = input.caller.ip;
  const ua = input.caller.headers['user-agent'];
  const strategy = input.strategy ?? (config.AUTH_STRATEGY === 'access' ? 'access' : 'refresh');
  const emailLower = input.email.trim().toLowerCase();
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const [{ n, oldest }] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailLower, emailLower), gt(loginFailures.at, since)));
  if (n >= config.LOGIN_MAX_FAILURES) {
    const retryAfter = ((oldest ? new Date(oldest).getTime() : Date.now()) + config.LOGIN_WINDOW_MINUTES * 60_000 - Date.now()) / 1000;
    throw tooManyRequests('auth', messages.server.tooManyAttempts, retryAfter);
  }

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${emailLower}`).limit(1);
  // An unknown email still costs one hash verification, so timing does not reveal which accounts exist.
  const ok = await verifyPassword(user ? user.passwordHash : await dummyHash(), input.password);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ emailLower, ip });
    throw unauthorized(messages.server.invalidCredentials);
  }
  if (user.status === 'Suspended') throw forbidden('auth', messages.server.userSuspended);

  const issued = await issueSession(db, config, { userId: user.id, strategy, ip, userAgent: typeof ua === 'string' ? ua : undefined });
  await db.delete(loginFailures).where(eq(loginFailures.emailLower, emailLower));
  return answer({
    setCookies: sessionCookies(input.caller, issued),
    body: { tokens: { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresIn: issued.expiresIn }, user: serializeUser(user) },
  });
};
