import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../test/test-db.ts';
import { createPool } from './client.ts';
import { distribute, foreignKeyOrder } from './distribute.ts';

describe('distribute (docs/scaling.md)', () => {
  it('does nothing on plain PostgreSQL', async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const pool = createPool(await createTestDatabase(name), 1);
    try {
      const citus = (await pool.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).rowCount;
      const r = await distribute(pool);
      expect(r).toEqual({ citus: Boolean(citus), distributed: [], reference: [] });
    } finally {
      await pool.end();
      await dropTestDatabase(name);
    }
  });

  it('places a referenced table before the tables that reference it', () => {
    const t = (name: string) => ({ name });
    const order = foreignKeyOrder(
      [t('applications'), t('candidates'), t('clients'), t('jobs'), t('users')],
      [
        { from: 'applications', to: 'candidates' },
        { from: 'applications', to: 'jobs' },
        { from: 'candidates', to: 'clients' },
        { from: 'jobs', to: 'clients' },
        { from: 'users', to: 'clients' },
      ],
    ).map((x) => x.name);
    expect(order).toEqual(['clients', 'candidates', 'jobs', 'applications', 'users']);
  });
});
