import { messages } from '@hh/contract/messages';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginFailures, users } from '../db/schema/core.ts';
import { AppError, forbidden, unauthorized } from '../lib/app-error.ts';
import { serializeUser } from '../users/serialize.ts';
import { issueSession, type Strategy } from './issue-session.ts';
import { dummyHash, verifyPassword } from './passwords.ts';

/**
 * Sign-in (core spec §7 Session). A wrong email and a wrong password get the same message.
 * After LOGIN_MAX_FAILURES failures for one account and address in LOGIN_WINDOW_MINUTES, 429.
 */
export async function login(db: Db, config: Config, opts: { email: string; password: string; ip: string; userAgent?: string; strategy: Strategy }) {
  const emailLower = opts.email.trim().toLowerCase();
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailLower, emailLower), eq(loginFailures.ip, opts.ip), gt(loginFailures.at, since)));
  if (n >= config.LOGIN_MAX_FAILURES) throw new AppError(429, 'auth', messages.server.tooManyAttempts);

  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${emailLower}`).limit(1);
  // An unknown email still costs one hash verification, so timing does not reveal which accounts exist.
  const ok = await verifyPassword(user ? user.passwordHash : await dummyHash(), opts.password);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ emailLower, ip: opts.ip });
    throw unauthorized(messages.server.invalidCredentials);
  }
  if (user.status === 'Suspended') throw forbidden('auth', messages.server.userSuspended);

  const issued = await issueSession(db, config, { userId: user.id, strategy: opts.strategy, ip: opts.ip, userAgent: opts.userAgent });
  await db.delete(loginFailures).where(and(eq(loginFailures.emailLower, emailLower), eq(loginFailures.ip, opts.ip)));
  return { issued, user: serializeUser(user) };
}
