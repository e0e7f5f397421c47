import { messages } from '@hh/contract/messages';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginFailures, users } from '../db/schema/core.ts';
import { forbidden, tooManyRequests, unauthorized } from '../lib/app-error.ts';
import { serializeUser } from '../core/serialize-user.ts';
import { issueSession, type Strategy } from './issue-session.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/**
 * Sign-in (core spec §7 Session). A wrong email and a wrong password get the same message.
 * After LOGIN_MAX_FAILURES failures for one account in LOGIN_WINDOW_MINUTES, 429 with Retry-After,
 * whatever address the attempts come from (issue 9 finding 2: a forged X-Forwarded-For must not
 * reset the count). The address is recorded for the log; per-address limits are @fastify/rate-limit's.
 */
export async function login(db: Db, config: Config, opts: { email: string; password: string; ip: string; userAgent?: string; strategy: Strategy }) {
  const emailLower = opts.email.trim().toLowerCase();
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
  const ok = await verifyPassword(user ? user.passwordHash : await dummyHash(), opts.password);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ emailLower, ip: opts.ip });
    throw unauthorized(messages.server.invalidCredentials);
  }
  if (user.status === 'Suspended') throw forbidden('auth', messages.server.userSuspended);

  const issued = await issueSession(db, config, { userId: user.id, strategy: opts.strategy, ip: opts.ip, userAgent: opts.userAgent });
  await db.delete(loginFailures).where(eq(loginFailures.emailLower, emailLower));
  return { issued, user: serializeUser(user) };
}
