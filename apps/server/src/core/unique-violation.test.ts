import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './unique-violation.ts';

/** A pg unique violation as drizzle wraps it: the driver's error is the cause. */
const wrapped = (constraint: string) => ({ message: 'Failed query', cause: { code: '23505', constraint } });

describe('isUniqueViolation', () => {
  it('names the constraint on plain PostgreSQL, its shard copy on Citus and a relayed error without a name, and nothing else', () => {
    expect(isUniqueViolation(wrapped('offers_application_key'), 'offers_application_key')).toBe(true);
    expect(isUniqueViolation(wrapped('offers_application_key_102008'), 'offers_application_key')).toBe(true);
    expect(isUniqueViolation(wrapped('offers_application_key_extra'), 'offers_application_key')).toBe(false);
    expect(isUniqueViolation(wrapped('offers_application'), 'offers_application_key')).toBe(false);
    expect(isUniqueViolation(wrapped('anything'))).toBe(true);
    // Relayed from a Citus worker: no constraint name, only the detail.
    expect(isUniqueViolation({ cause: { code: '23505', detail: 'Key (client_id, application_id)=(…) already exists.' } }, 'offers_application_key')).toBe(true);
    expect(isUniqueViolation({ cause: { code: '23503', constraint: 'offers_application_key' } }, 'offers_application_key')).toBe(false);
  });
});
