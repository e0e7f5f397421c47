import { createHmac } from 'node:crypto';
import { CappedMap, type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/**
 * Self-hosted ALTCHA proof-of-work captcha for the apply form (issue 3: ALTCHA by default).
 * The challenge is signed with a key derived from the server secret and expires after 30 minutes;
 * a solved challenge is accepted once (replays are refused while this process remembers them).
 * The page solves it with a few lines of inline WebCrypto code (sites/apply-script.ts), so the job
 * page stays far below its JavaScript budget.
 */
const secrets = new WeakMap<FastifyInstance, { sig: string; key: string; used: CappedMap<string, true> }>();
function secretsOf(app: FastifyInstance) {
  let s = secrets.get(app);
  if (!s) {
    const k = Buffer.from(app.config.jwtSecret);
    s = {
      sig: createHmac('sha256', k).update('altcha-signature').digest('hex'),
      key: createHmac('sha256', k).update('altcha-key').digest('hex'),
      used: new CappedMap<string, true>({ maxSize: 50_000 }),
    };
    secrets.set(app, s);
  }
  return s;
}

export async function newChallenge(app: FastifyInstance): Promise<Challenge> {
  const s = secretsOf(app);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    // Issue 9 finding 9: about 2.5x the old work; the rate limits do the rest.
    counter: randomInt(2_000, 10_000),
    deriveKey,
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    hmacSignatureSecret: s.sig,
    hmacKeySignatureSecret: s.key,
  });
}

/** The form posts base64(JSON { challenge, solution }). */
export async function verifyCaptcha(app: FastifyInstance, payload: string | undefined): Promise<boolean> {
  if (!payload || payload.length > 5000) return false;
  let parsed: { challenge?: Challenge; solution?: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false; // not base64 JSON: simply not a solution
  }
  if (!parsed?.challenge?.parameters || !parsed.solution) return false;
  const s = secretsOf(app);
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: s.sig,
    hmacKeySignatureSecret: s.key,
  });
  if (!result.verified || !parsed.challenge.signature) return false;
  return s.used.setIfAbsent(parsed.challenge.signature, true);
}
