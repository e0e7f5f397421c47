import { createHmac } from 'node:crypto';
import { CappedMap, type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Deps } from './deps.ts';

/**
 * Self-hosted ALTCHA proof-of-work captcha for the apply form (ALTCHA by default: no third party sees the seeker).
 * The challenge is signed with a key derived from the server secret and expires after 30 minutes;
 * a solved challenge is accepted once (replays are refused while this app remembers them).
 * The page solves it with a few lines of inline WebCrypto code (sites/apply-script.ts), so the job
 * page stays far below its JavaScript budget.
 */

/**
 * The signatures of the challenges already solved (at most 50,000, the oldest dropped first). One
 * per app, never a module global: the career-site routes create it once with `createCaptchaReplays()`
 * and hand it to the apply operation in its deps, so two apps in one process never share it.
 */
export type CaptchaReplays = CappedMap<string, true>;

export function createCaptchaReplays(): CaptchaReplays {
  return new CappedMap<string, true>({ maxSize: 50_000 });
}

/** The two HMAC secrets, derived from the server secret (the same for every challenge of an app). */
function secretsOf(config: Deps['config']) {
  const k = Buffer.from(config.jwtSecret);
  return {
    sig: createHmac('sha256', k).update('altcha-signature').digest('hex'),
    key: createHmac('sha256', k).update('altcha-key').digest('hex'),
  };
}

export async function newChallenge(deps: Pick<Deps, 'config'>): Promise<Challenge> {
  const s = secretsOf(deps.config);
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    // About 2.5x the old work, so scripted applications cost more (decision 0400); the rate limits do the rest.
    counter: randomInt(2_000, 10_000),
    deriveKey,
    expiresAt: new Date(Date.now() + 30 * 60 * 1000),
    hmacSignatureSecret: s.sig,
    hmacKeySignatureSecret: s.key,
  });
}

/** The form posts base64(JSON { challenge, solution }). */
export async function verifyCaptcha(deps: Pick<Deps, 'config'> & { captchaReplays: CaptchaReplays }, payload: string | undefined): Promise<boolean> {
  if (!payload || payload.length > 5000) return false;
  let parsed: { challenge?: Challenge; solution?: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false; // not base64 JSON: simply not a solution
  }
  if (!parsed?.challenge?.parameters || !parsed.solution) return false;
  const s = secretsOf(deps.config);
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: s.sig,
    hmacKeySignatureSecret: s.key,
  });
  if (!result.verified || !parsed.challenge.signature) return false;
  return deps.captchaReplays.setIfAbsent(parsed.challenge.signature, true);
}
