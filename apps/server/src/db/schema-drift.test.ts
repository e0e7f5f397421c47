import { randomBytes } from 'node:crypto';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool } from './client.ts';
import * as calendars from './schema/calendars.ts';
import * as chatbot from './schema/chatbot.ts';
import * as candidateProposals from './schema/candidate-proposals.ts';
import * as candidates from './schema/candidates.ts';
import * as conversations from './schema/conversations.ts';
import * as core from './schema/core.ts';
import * as crmDuplicates from './schema/crm-duplicates.ts';
import * as feed from './schema/feed.ts';
import * as interviews from './schema/interviews.ts';
import * as jobs from './schema/jobs.ts';
import * as offers from './schema/offers.ts';
import * as pages from './schema/pages.ts';
import * as pipeline from './schema/pipeline.ts';
import * as requisitions from './schema/requisitions.ts';
import * as sapImport from './schema/sap-import.ts';
import * as scheduling from './schema/scheduling.ts';
import * as search from './schema/search.ts';
import * as security from './schema/security.ts';
import * as sms from './schema/sms.ts';
import * as team from './schema/team.ts';
import * as wave from './schema/wave.ts';

/**
 * The SQL migrations are the truth of the database; the Drizzle schema (db/schema/*.ts) is how the
 * code sees it. This compares the two after migrating (db/README.md): every Drizzle table exists
 * with the same columns, types and nullability, and every migrated table has a Drizzle table.
 * A new schema file is one line in SCHEMA_MODULES.
 */
const SCHEMA_MODULES: Record<string, unknown>[] = [
  core,
  jobs,
  candidates,
  wave,
  feed,
  pages,
  requisitions,
  security,
  team,
  crmDuplicates,
  candidateProposals,
  search,
  conversations,
  pipeline,
  sms,
  offers,
  interviews,
  calendars,
  scheduling,
  sapImport,
  chatbot,
];

/** Tables the migrations create that the code reaches only through SQL, never through Drizzle. Say why. */
const SQL_ONLY: Record<string, string> = {
  schema_migrations: 'the migration runner’s own ledger (db/migrate.ts)',
  job_words: 'the search vocabulary, filled and read by raw SQL in jobs search (0103_job_words.sql)',
  candidate_words: 'the candidate search vocabulary, filled by a trigger and read by raw SQL in crm/search (0511_candidate_words.sql)',
  candidate_search_versions: 'the candidate search data versions, bumped by triggers, read by raw SQL in crm/search-cache (1047)',
};
/** Columns the migrations add that only raw SQL reads (generated columns for search). */
const SQL_ONLY_COLUMNS: Record<string, string> = {
  'jobs.search_vector': 'generated tsvector, read by raw SQL in public-jobs/search-jobs.ts',
  'jobs.earth': 'generated earthdistance point, read by raw SQL in public-jobs/search-jobs.ts',
  'candidates.search_vector': 'generated tsvector, read by raw SQL in crm/search (0501_crm.sql)',
  'candidates.earth': 'generated earthdistance point, read by raw SQL in crm/search (0501_crm.sql)',
  'candidates.geo_cell': 'generated grid cell for radius search, read by raw SQL in crm/search (0541_candidates_geo_cell.sql)',
  'candidates.dup_keys': 'generated duplicate keys, read by raw SQL in crm/duplicates (0510_crm_duplicates.sql)',
};

const ARRAY_OF: Record<string, string> = {
  _text: 'text',
  _uuid: 'uuid',
  _int4: 'integer',
  _int8: 'bigint',
  _varchar: 'varchar',
  _float8: 'double precision',
  _bool: 'boolean',
  _jsonb: 'jsonb',
};
const dbType = (c: { data_type: string; udt_name: string }) => {
  if (c.data_type === 'ARRAY') return `${ARRAY_OF[c.udt_name] ?? c.udt_name}[]`;
  if (c.data_type === 'USER-DEFINED') return c.udt_name;
  if (c.data_type === 'character varying') return 'varchar';
  return c.data_type;
};
const drizzleType = (sqlType: string) =>
  sqlType
    .replace(/\(.*?\)/g, '')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^timestamp$/, 'timestamp without time zone');

describe('Drizzle schema vs the migrated database (information_schema)', () => {
  const adminUrl = inject('adminUrl');
  const dbName = `drift_${randomBytes(6).toString('hex')}`;
  const admin = createPool(adminUrl, 1);
  const pool = createPool(adminUrl.replace(/\/[^/]*$/, `/${dbName}`), 1);
  let columns: Array<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: 'YES' | 'NO' }>;

  beforeAll(async () => {
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
    const r = await pool.query(
      `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    columns = r.rows;
  });
  afterAll(async () => {
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  const tables = SCHEMA_MODULES.flatMap((m) => Object.values(m).filter((v): v is PgTable => is(v, PgTable))).map((t) => getTableConfig(t));

  it('every migrated table has a Drizzle table (or is listed as SQL-only, with the reason)', () => {
    const inDrizzle = new Set(tables.map((t) => t.name));
    const missing = [...new Set(columns.map((c) => c.table_name))].filter((n) => !inDrizzle.has(n) && !(n in SQL_ONLY)).sort();
    expect(missing).toEqual([]);
  });

  it('every Drizzle column exists with the same type and nullability, and no migrated column is missing from Drizzle', () => {
    const drift: string[] = [];
    // A table may be declared in parts (feed.ts declares the clients columns only it uses): merge them.
    const byName = new Map<string, ReturnType<typeof getTableConfig>['columns']>();
    for (const t of tables) byName.set(t.name, [...(byName.get(t.name) ?? []), ...t.columns]);
    for (const [name, cols] of byName) {
      const t = { name };
      const db = new Map(columns.filter((c) => c.table_name === t.name).map((c) => [c.column_name, c]));
      if (!db.size) {
        drift.push(`${t.name}: table missing in the database`);
        continue;
      }
      for (const [key, why] of Object.entries(SQL_ONLY_COLUMNS)) if (key.startsWith(`${name}.`) && why) db.delete(key.slice(name.length + 1));
      const seen = new Set<string>();
      for (const col of cols) {
        if (seen.has(col.name)) continue; // declared in both parts (the id)
        seen.add(col.name);
        const d = db.get(col.name);
        if (!d) drift.push(`${t.name}.${col.name}: column missing in the database`);
        else {
          if (dbType(d) !== drizzleType(col.getSQLType())) drift.push(`${t.name}.${col.name}: Drizzle ${col.getSQLType()}, database ${dbType(d)}`);
          const notNull = col.notNull || col.primary;
          if (notNull !== (d.is_nullable === 'NO'))
            drift.push(`${t.name}.${col.name}: Drizzle ${notNull ? 'NOT NULL' : 'nullable'}, database ${d.is_nullable === 'NO' ? 'NOT NULL' : 'nullable'}`);
        }
        db.delete(col.name);
      }
      for (const name of db.keys()) drift.push(`${t.name}.${name}: column missing in Drizzle`);
    }
    expect(drift).toEqual([]);
  });
});
