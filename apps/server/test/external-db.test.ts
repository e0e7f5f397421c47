import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it, inject } from 'vitest';
import { createPool } from '../src/db/client.ts';

// DATABASE_URL switches to an external PostgreSQL; `npm run db:migrate` applies migrations to it.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dbName = `ext_${randomBytes(5).toString('hex')}`;
const adminUrl = inject('adminUrl');

afterAll(async () => {
  const admin = createPool(adminUrl, 1);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

it('npm run db:migrate migrates the DATABASE_URL database once, then reports it up to date', async () => {
  const admin = createPool(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const env = { ...process.env, DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${dbName}`), DATA_DIR: path.join(root, '.test-output', dbName) };
  const first = await run('npm', ['run', '-s', 'db:migrate'], { cwd: root, env });
  expect(first.stdout).toMatch(/migrated 0001_core\.sql/);
  expect(first.stdout).toMatch(/applied \d+ migration\(s\)/);
  const second = await run('npm', ['run', '-s', 'db:migrate'], { cwd: root, env });
  expect(second.stdout).toContain('database is up to date');
  const pool = createPool(env.DATABASE_URL, 1);
  const { rows } = await pool.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('clients', 'users', 'jobs')");
  await pool.end();
  expect(rows[0].n).toBe(3);
}, 120_000);
