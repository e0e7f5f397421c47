import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The candidate's link: base64url of the client id, the link id (16 bytes each: they route the
 * lookup to the tenant's row) and 24 random bytes. Only the SHA-256 of the random part is stored,
 * so the database alone cannot rebuild a link; a changed character fails the comparison.
 */
const uuidBytes = (u: string) => Buffer.from(u.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) => {
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
export const hashSecret = (secret: Buffer) => createHash('sha256').update(secret).digest('hex');

/** The token of a link from its parts (the secret: 24 bytes). */
export const tokenOf = (clientId: string, linkId: string, secret: Buffer) =>
  Buffer.concat([uuidBytes(clientId), uuidBytes(linkId), secret]).toString('base64url');

export function newLinkToken(clientId: string, linkId: string): { token: string; secretHash: string } {
  const secret = randomBytes(24);
  return { token: tokenOf(clientId, linkId, secret), secretHash: hashSecret(secret) };
}

export interface ParsedToken {
  clientId: string;
  linkId: string;
  secret: Buffer;
}

/** The token's parts, or null when it cannot be one of ours. */
export function parseLinkToken(token: string): ParsedToken | null {
  if (!/^[A-Za-z0-9_-]{75}$/.test(token)) return null;
  const b = Buffer.from(token, 'base64url');
  if (b.length !== 56) return null;
  return { clientId: uuidOf(b.subarray(0, 16)), linkId: uuidOf(b.subarray(16, 32)), secret: b.subarray(32) };
}

export function secretMatches(secret: Buffer, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
