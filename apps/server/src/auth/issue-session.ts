import type { Config } from '../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { authSessions, refreshTokens } from '../db/schema/core.ts';
import { hashToken, newOpaqueToken, signAccessToken } from './tokens.ts';

/** 'openid': a session started through the client's identity provider (core spec §9: 30-day refresh token). */
export type Strategy = 'access' | 'refresh' | 'openid';

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
}

/** Starts a session (a refresh-token family) and issues its first tokens. */
export async function issueSession(
  db: DbOrTx,
  config: Config,
  opts: { userId: string; strategy: Strategy; ip?: string; userAgent?: string },
): Promise<IssuedTokens & { sessionId: string }> {
  const ttl = opts.strategy === 'openid' ? config.OPENID_REFRESH_TOKEN_TTL : opts.strategy === 'refresh' ? config.REFRESH_TOKEN_TTL : config.ACCESS_TOKEN_TTL;
  const [session] = await db
    .insert(authSessions)
    .values({
      userId: opts.userId,
      strategy: opts.strategy,
      ip: opts.ip ?? null,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + ttl * 1000),
    })
    .returning({ id: authSessions.id });
  const accessToken = await signAccessToken(config.jwtSecret, { sub: opts.userId, sid: session.id }, config.ACCESS_TOKEN_TTL);
  let refreshToken: string | undefined;
  if (opts.strategy !== 'access') refreshToken = await addRefreshToken(db, config, session.id, ttl);
  return { sessionId: session.id, accessToken, refreshToken, expiresIn: config.ACCESS_TOKEN_TTL };
}

export async function addRefreshToken(db: DbOrTx, config: Config, sessionId: string, ttl = config.REFRESH_TOKEN_TTL): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl * 1000) });
  return token;
}
