import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** One-time upload URLs: a signed token naming the video and its single-use nonce. */
const UPLOAD_AUDIENCE = 'video-upload';

export async function signUploadToken(secret: Uint8Array, p: { clientId: string; videoId: string; nonce: string; expiresAt: Date }): Promise<string> {
  return new SignJWT({ cid: p.clientId, n: p.nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(p.videoId)
    .setAudience(UPLOAD_AUDIENCE)
    .setExpirationTime(Math.floor(p.expiresAt.getTime() / 1000))
    .sign(secret);
}

export type UploadTokenCheck = { ok: true; clientId: string; videoId: string; nonce: string } | { ok: false; reason: 'expired' | 'invalid' };

export async function verifyUploadToken(secret: Uint8Array, token: string): Promise<UploadTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: UPLOAD_AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.cid !== 'string' || typeof payload.n !== 'string' || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, clientId: payload.cid, videoId: payload.sub, nonce: payload.n };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** Time-limited media links (playback of unapproved videos, downloads): an HMAC over path and expiry. */
export function mediaSignature(secret: Uint8Array, path: string, exp: number): string {
  return createHmac('sha256', secret).update(`${path}\n${exp}`).digest('base64url');
}

export function signMediaPath(secret: Uint8Array, path: string, ttlSeconds: number, now = Date.now()): { url: string; exp: number } {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return { url: `${path}?exp=${exp}&sig=${mediaSignature(secret, path, exp)}`, exp };
}

export function checkMediaSignature(secret: Uint8Array, path: string, exp: unknown, sig: unknown): boolean {
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
  if (Number(exp) < Math.floor(Date.now() / 1000)) return false;
  const want = Buffer.from(mediaSignature(secret, path, Number(exp)));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
