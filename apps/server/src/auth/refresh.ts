import { messages } from '@hh/contract/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { authSessions, refreshTokens, users } from '../db/schema/core.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { evictSession } from '../plugins/session-cache.ts';
import { addRefreshToken } from './issue-session.ts';
import { hashToken, signAccessToken } from './tokens.ts';

/**
 * Rotates a refresh token. A used token stops working; presenting it again is treated as theft
 * and revokes its whole family (the session), so the thief's copy dies too.
 */
export async function refreshTokensFor(db: Db, config: Config, token: string) {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: authSessions.revokedAt,
        userId: authSessions.userId,
        strategy: authSessions.strategy,
        status: users.status,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw unauthorized(messages.server.refreshInvalid);
    if (row.usedAt) {
      await tx
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)));
      return { reused: true as const, sessionId: row.sessionId };
    }
    if (row.revokedAt || row.expiresAt.getTime() < Date.now()) throw unauthorized(messages.server.refreshInvalid);
    if (row.status === 'Suspended') throw forbidden('auth', messages.server.userSuspended);
    const marked = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (!marked[0]) throw unauthorized(messages.server.refreshInvalid); // lost a race with a concurrent refresh
    const ttl = row.strategy === 'openid' ? config.OPENID_REFRESH_TOKEN_TTL : config.REFRESH_TOKEN_TTL;
    const refreshToken = await addRefreshToken(tx, config, row.sessionId, ttl);
    await tx
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + ttl * 1000) })
      .where(eq(authSessions.id, row.sessionId));
    const accessToken = await signAccessToken(config.jwtSecret, { sub: row.userId, sid: row.sessionId }, config.ACCESS_TOKEN_TTL);
    return { reused: false as const, tokens: { accessToken, refreshToken, expiresIn: config.ACCESS_TOKEN_TTL } };
  });
  if (result.reused) evictSession(db, result.sessionId); // after commit; other processes get the database notification
  return result;
}

/** Revokes the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function revokeByRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row) {
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)));
    evictSession(db, row.sessionId);
  }
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  evictSession(db, sessionId);
}
