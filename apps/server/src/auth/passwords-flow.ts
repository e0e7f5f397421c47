import { messages } from '@hh/contract/messages';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { checkLimit, clearKey, consume, type Limit, recordEvent } from '../core/security/rate-events.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { authSessions, passwordResets, users } from '../db/schema/core.ts';
import { badRequest } from '../lib/app-error.ts';
import { productBranding, renderMail } from '../mail/index.ts';
import type { Mailer } from '../plugins/mail.ts';
import { evictUserSessions } from '../plugins/session-cache.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from './actor.ts';

const RESET_TTL_MS = 60 * 60 * 1000; // one hour

/** A password change ends every session of the user (all devices sign in again). */
export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** Per account (the email asked for, known or not, so a 429 reveals nothing). */
export const RESET_PER_ACCOUNT: Limit = { bucket: 'password-reset', max: 5, windowSeconds: 3600 };
/** Wrong current passwords per user in PATCH /api/user/update-password (a borrowed session must not guess the password). */
export const CURRENT_PASSWORD_GUESSES: Limit = { bucket: 'current-password', max: 5, windowSeconds: 900 };

/**
 * Asks for a reset link. The answer does not depend on whether the account exists, in content or
 * in time (so nobody can learn which addresses have accounts): after the per-account limit, the lookup, the link and the mail run
 * after the reply, so a known address is not slower than an unknown one.
 */
export async function requestPasswordReset(db: Db, config: Config, mail: Mailer, email: string, log: FastifyBaseLogger): Promise<void> {
  await consume(db, RESET_PER_ACCOUNT, email.toLowerCase(), messages.security.resetTooMany, 'auth');
  setImmediate(() => {
    issueResetLink(db, config, mail, email).catch((err) => log.error({ err }, 'password reset link could not be sent'));
  });
}

/** Emails a single-use reset link; a newer link revokes the earlier ones. Unknown or suspended: nothing. */
async function issueResetLink(db: Db, config: Config, mail: Mailer, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!user || user.status === 'Suspended') return;
  const token = newOpaqueToken();
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const link = `${config.publicUrl}/password-reset?token=${encodeURIComponent(token)}`;
  await mail.send({ to: user.email, ...(await renderMail('passwordReset', { link }, productBranding)) });
}

export async function completePasswordReset(db: Db, token: string, password: string): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!used[0]) throw badRequest('auth', messages.server.resetLinkInvalid);
    // A reset revokes every other link still open for the account.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, used[0].userId), isNull(passwordResets.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(users.id, used[0].userId));
    await revokeAllSessions(tx, used[0].userId);
    await logActivity(tx, {
      actor: null,
      clientId: null,
      action: 'update',
      entity: 'user',
      entityId: used[0].userId,
      changes: { password: 'reset by email link' },
    });
    return used[0].userId;
  });
  evictUserSessions(db, userId); // after commit; other processes get the database notification
}

/** Changes the signed-in user's password after checking the current one (guesses are limited), and ends every session of theirs. */
export async function changePassword(db: Db, actor: Actor, currentPassword: string, newPassword: string): Promise<void> {
  await checkLimit(db, CURRENT_PASSWORD_GUESSES, actor.id, messages.security.passwordGuesses, 'password');
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!(await verifyPassword(user?.hash ?? null, currentPassword))) {
    await recordEvent(db, CURRENT_PASSWORD_GUESSES, actor.id);
    throw badRequest('password', messages.server.currentPasswordWrong);
  }
  await clearKey(db, CURRENT_PASSWORD_GUESSES.bucket, actor.id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(users.id, actor.id));
    await revokeAllSessions(tx, actor.id);
    await logActivity(tx, { actor, clientId: actor.clientId, action: 'update', entity: 'user', entityId: actor.id, changes: { password: 'changed' } });
  });
  evictUserSessions(db, actor.id); // after commit; other processes get the database notification
}
