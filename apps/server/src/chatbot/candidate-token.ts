import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * The chat's proof that this visitor left these details: `<candidateId>.<expiry>.<mac>`, an HMAC
 * (key derived from SECRETS_KEY or the signing secret, for this purpose only) over the client, the
 * candidate and the expiry. Booking needs it, so nobody books for a candidate they did not enter.
 */
const TTL_MS = 24 * 3600_000;
type Keys = Pick<Config, 'SECRETS_KEY' | 'jwtSecret'>;
const keyOf = (config: Keys) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(config.SECRETS_KEY ?? config.jwtSecret), Buffer.from('hh-chatbot'), Buffer.from('chatbot-candidate'), 32));
const mac = (config: Keys, body: string) => createHmac('sha256', keyOf(config)).update(body).digest('base64url');

export function signCandidateToken(config: Keys, input: { clientId: string; candidateId: string; now?: number }): string {
  const exp = Math.floor(((input.now ?? Date.now()) + TTL_MS) / 1000);
  return `${input.candidateId}.${exp}.${mac(config, `${input.clientId}.${input.candidateId}.${exp}`)}`;
}

/** The candidate's id, or null when the token is malformed, for another client, tampered with or expired. */
export function readCandidateToken(config: Keys, input: { clientId: string; token: string; now?: number }): string | null {
  const [candidateId, exp, given] = input.token.split('.');
  if (!candidateId || !exp || !given || !/^[0-9a-f-]{36}$/.test(candidateId) || !/^\d+$/.test(exp)) return null;
  const want = Buffer.from(mac(config, `${input.clientId}.${candidateId}.${exp}`));
  const got = Buffer.from(given);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  return Number(exp) * 1000 > (input.now ?? Date.now()) ? candidateId : null;
}
