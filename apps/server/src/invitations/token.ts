import { timingSafeEqual } from 'node:crypto';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { isUuid } from '../lib/uuid.ts';

/**
 * An invitation link's token: `<clientId>.<invitationId>.<secret>`. The ids let the accept query
 * name its tenant (every tenant query filters by client_id); only the secret's SHA-256 is stored.
 */
export function newInvitationToken(clientId: string, invitationId: string): { token: string; hash: string } {
  const secret = newOpaqueToken();
  return { token: `${clientId}.${invitationId}.${secret}`, hash: hashToken(secret) };
}

export function parseInvitationToken(token: string): { clientId: string; invitationId: string; secretHash: string } | null {
  const [clientId, invitationId, secret, extra] = token.split('.');
  if (extra !== undefined || !clientId || !invitationId || !secret || !isUuid(clientId) || !isUuid(invitationId)) return null;
  return { clientId, invitationId, secretHash: hashToken(secret) };
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
