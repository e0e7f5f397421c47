import { hash, verify } from '@node-rs/argon2';

/**
 * At most this many argon2 computations run at once in this process; the rest wait their turn in
 * order. Each one takes 19 MiB and tens of milliseconds of a libuv pool thread (four by default,
 * shared with file reads, DNS lookups and zlib), so a flood of password work (sign-ups, accepted
 * invitations, wrong logins) must never occupy every thread: it queues here, and the rest of the
 * server keeps its threads. The per-address rate limits bound how long the queue can get.
 */
export const ARGON2_CONCURRENCY = 2;

let active = 0;
const waiting: Array<() => void> = [];
/** Counters for tests and operators: how much argon2 work this process has started, and what waits now. */
const counts = { hashes: 0, verifies: 0 };

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (active >= ARGON2_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (active stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

/** How many argon2 hashes and verifications have started in this process, and how many run or wait now. */
export const argon2Stats = () => ({ ...counts, active, waiting: waiting.length });

// argon2id with the library's defaults (OWASP: m=19 MiB, t=2, p=1).
export const hashPassword = (pw: string) =>
  limited(() => {
    counts.hashes++;
    return hash(pw, { algorithm: 2 /* Argon2id */ });
  });

export async function verifyPassword(stored: string | null, pw: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await limited(() => {
      counts.verifies++;
      return verify(stored, pw);
    });
  } catch {
    return false; // a malformed stored hash never matches
  }
}

/** A real hash to verify against when the email is unknown, so both paths take the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-0000'));
