import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (OWASP: m=19 MiB, t=2, p=1).
export const hashPassword = (pw: string) => hash(pw, { algorithm: 2 /* Argon2id */ });

export async function verifyPassword(stored: string | null, pw: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, pw);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

/** A real hash to verify against when the email is unknown, so both paths take the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-0000'));
