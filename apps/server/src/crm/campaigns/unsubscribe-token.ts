import { jwtVerify, SignJWT } from 'jose';

/**
 * The unsubscribe link of a campaign mail: a signed token (HS256 with the server's JWT secret, a
 * purpose of its own) naming the client and the address, so the public page needs no sign-in and a
 * changed character is refused. It does not expire: a link in an old mail must still work (RFC 8058).
 */
const AUDIENCE = 'campaign-unsubscribe';

export async function signUnsubscribeToken(secret: Uint8Array, p: { clientId: string; email: string; campaignId: string }): Promise<string> {
  return new SignJWT({ c: p.clientId, e: p.email.toLowerCase(), k: p.campaignId }).setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE).sign(secret);
}

/** The token's client and address, or null when it is not one of ours (tampered, truncated, another purpose). */
export async function verifyUnsubscribeToken(secret: Uint8Array, token: string): Promise<{ clientId: string; email: string; campaignId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
    const { c, e, k } = payload as { c?: unknown; e?: unknown; k?: unknown };
    if (typeof c !== 'string' || typeof e !== 'string' || typeof k !== 'string') return null;
    return { clientId: c, email: e, campaignId: k };
  } catch {
    // Not a valid token: the caller answers with the "link not valid" page (a user mistake, not a fault).
    return null;
  }
}
