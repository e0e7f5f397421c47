import { describe, expect, it } from 'vitest';
import { ARGON2_CONCURRENCY, argon2Stats, hashPassword, verifyPassword } from './passwords.ts';

describe('argon2 work is bounded per process', () => {
  it(`runs at most ${ARGON2_CONCURRENCY} hashes or verifications at once; the rest wait in order and all finish`, async () => {
    const before = argon2Stats();
    const stored = await hashPassword('a-long-password-1');
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, argon2Stats().active);
    }, 1);
    const work = [
      ...Array.from({ length: 4 }, (_, i) => hashPassword(`password-number-${i}`)),
      ...Array.from({ length: 4 }, (_, i) => verifyPassword(stored, i === 0 ? 'a-long-password-1' : 'wrong-password')),
    ];
    // Nothing has run yet on this turn: two started, six wait.
    expect(argon2Stats()).toMatchObject({ active: ARGON2_CONCURRENCY, waiting: 8 - ARGON2_CONCURRENCY });
    const results = await Promise.all(work);
    clearInterval(watch);
    expect(peak).toBeLessThanOrEqual(ARGON2_CONCURRENCY);
    expect(results.slice(4)).toEqual([true, false, false, false]);
    for (const h of results.slice(0, 4)) expect(h).toMatch(/^\$argon2id\$/);
    const after = argon2Stats();
    expect(after).toMatchObject({ active: 0, waiting: 0 });
    expect(after.hashes - before.hashes).toBe(5);
    expect(after.verifies - before.verifies).toBe(4);
  });

  it('a malformed stored hash never matches and frees its slot', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(argon2Stats()).toMatchObject({ active: 0, waiting: 0 });
  });
});
