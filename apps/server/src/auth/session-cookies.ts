import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../plugins/auth.ts';

/**
 * The auth cookies of core spec §9 (prefix `auth.`, path /, 1209600 s, SameSite lax, secure over
 * HTTPS), for sessions that start outside POST /api/login: an accepted invitation, an SSO sign-in.
 */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, tokens: { accessToken: string; refreshToken?: string }) {
  const opts = { path: '/', maxAge: 1209600, sameSite: 'lax' as const, secure: req.protocol === 'https', httpOnly: true };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, opts);
  if (tokens.refreshToken) reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, opts);
}
