import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../db/client.ts';

const dialect = new PgDialect();

/**
 * Runs a search statement as a named prepared statement (node-postgres `{ name, text, values }`):
 * each pooled connection parses it once per distinct text, and PostgreSQL may then reuse a plan
 * instead of planning the large facet statement on every search (about 0.8 ms of a 3 ms search).
 * The name is a hash of the text, so the few shapes the filters produce (with or without keywords,
 * location, each filter) each get one statement; every value is a parameter. Same rows and type
 * parsing as db.execute: the statement returns json and integers only.
 */
export async function executePrepared<T extends Record<string, unknown>>(db: Db, statement: SQL, prepare = true): Promise<T[]> {
  if (!prepare) return (await db.execute(statement)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `hh_search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  const client = (db as unknown as { $client?: pg.Pool | pg.PoolClient }).$client;
  if (!client) return (await db.execute(statement)).rows as T[];
  const res = await client.query<T>({ name, text, values: params as unknown[] });
  return res.rows;
}
