import { jwtVerify, SignJWT } from 'jose';

/**
 * The candidate's link to the offer page: a token signed with the server's secret (HS256, an
 * audience of its own) naming the client, the offer and the offer's revision. A changed character
 * fails the signature; an edit of the offer raises its revision, so a link sent before the edit no
 * longer opens the changed letter. Expiry is the offer's own (checked against the row, so a
 * recruiter's new expiry applies to the link already sent).
 */
const AUDIENCE = 'offer-letter';

export interface OfferTokenClaims {
  clientId: string;
  offerId: string;
  revision: number;
}

export function signOfferToken(secret: Uint8Array, c: OfferTokenClaims): Promise<string> {
  return new SignJWT({ c: c.clientId, o: c.offerId, r: c.revision }).setProtectedHeader({ alg: 'HS256' }).setAudience(AUDIENCE).sign(secret);
}

/** The token's claims, or null when it is not one of ours (tampered, truncated, another purpose). */
export async function verifyOfferToken(secret: Uint8Array, token: string): Promise<OfferTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: AUDIENCE, algorithms: ['HS256'] });
    const { c, o, r } = payload as { c?: unknown; o?: unknown; r?: unknown };
    if (typeof c !== 'string' || typeof o !== 'string' || typeof r !== 'number') return null;
    return { clientId: c, offerId: o, revision: r };
  } catch {
    // Not a valid token: the caller answers 404 "link not valid" (a visitor's mistake, not a fault).
    return null;
  }
}
