import type { DuplicateReason } from '@hh/contract/crm';

/** A duplicate key's kind (migrations/0510_crm_duplicates.sql): e: email, p: phone, n: name plus location. */
const KIND: Record<string, DuplicateReason> = { e: 'email', p: 'phone', n: 'nameLocation' };
const ORDER: DuplicateReason[] = ['email', 'phone', 'nameLocation'];

/** The reasons two candidates look alike, from the keys they share (or their first letters). */
export function reasonsOf(sharedKeys: string[]): DuplicateReason[] {
  const found = new Set(sharedKeys.map((k) => KIND[k.slice(0, 1)]).filter(Boolean));
  return ORDER.filter((r) => found.has(r));
}

/** The pair's stable id: the lower candidate id first. */
export const pairId = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
