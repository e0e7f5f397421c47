import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sub: string;
  sid: string;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .setJti(randomBytes(8).toString('hex'))
    .sign(secret);
}

/**
 * Verified tokens, remembered until they expire so a token's signature is checked once per
 * process rather than on every call. Bounded; the oldest entries go first.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, AccessClaims & { exp: number }>>();
const VERIFIED_MAX = 20000;

/** Returns the claims of a valid token, or null for an expired, forged or malformed one. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const hit = verified.get(token);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return { sub: hit.sub, sid: hit.sid };
    verified.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    // A token issued "in the future" is not one we signed now (60 s clock skew allowed).
    if (typeof payload.iat !== 'number' || payload.iat * 1000 > Date.now() + 60_000) return null;
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { sub: payload.sub, sid: payload.sid, exp: payload.exp });
    return { sub: payload.sub, sid: payload.sid };
  } catch {
    return null; // an invalid token is an anonymous caller; the route decides whether that is allowed
  }
}

/** Opaque random tokens (refresh, password reset); only their SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
