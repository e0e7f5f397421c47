import type pg from 'pg';

/**
 * Turns the migrated schema into a distributed one when the Citus extension is installed in the
 * database, and does nothing on plain PostgreSQL (docs/scaling.md, "Distributed PostgreSQL").
 * Generic, so tables that later migrations add need no entry here:
 *  - a table of the public schema with a `client_id uuid NOT NULL` column in its primary key is
 *    tenant-owned: it is distributed by client_id, all such tables co-located (one tenant's rows share
 *    a shard). A table whose key is product-wide although it names a client (sso_domains: one domain
 *    belongs to one client across the product; sso_states) is product-wide: a reference table;
 *  - every other table of the public schema is product-wide and becomes a reference table (a copy
 *    on every node), including `clients` and `users` (why: docs/scaling.md);
 *  - bookkeeping (schema_migrations) and other schemas (pg-boss's `pgboss`) stay on the coordinator.
 * Tables are handled in foreign-key order (a referenced table first) and a table Citus already
 * knows is skipped, so running it again, or after new migrations, is safe.
 */
export const LOCAL_TABLES = new Set(['schema_migrations']);

export interface DistributeOptions {
  log?: (m: string) => void;
  /** Shards per distributed table (Citus's default is 32; the test cluster uses fewer to set up faster). */
  shardCount?: number;
}

export interface DistributeResult {
  citus: boolean;
  distributed: string[];
  reference: string[];
}

interface TableRow {
  name: string;
  tenant: boolean;
}

export async function distribute(pool: pg.Pool, opts: DistributeOptions = {}): Promise<DistributeResult> {
  const log = opts.log ?? (() => {});
  const result: DistributeResult = { citus: false, distributed: [], reference: [] };
  const client = await pool.connect();
  try {
    const ext = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
    if (!ext.rowCount) return result; // plain PostgreSQL: nothing to do
    result.citus = true;
    // Reference tables need a copy on the coordinator: the NOTIFY cache invalidation fires there
    // (migration 0900) and local joins read it.
    const coordinator = await client.query('SELECT 1 FROM pg_dist_node WHERE groupid = 0');
    if (!coordinator.rowCount) throw new Error('Citus: register the coordinator first: SELECT citus_set_coordinator_host(<host>, <port>)');
    // The app pool's statement_timeout does not apply: distributing a large table takes long.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock(727275)');
    try {
      const tables = (
        await client.query<TableRow>(`
          SELECT c.relname AS name,
                 EXISTS (SELECT 1 FROM pg_attribute a
                          WHERE a.attrelid = c.oid AND a.attname = 'client_id' AND NOT a.attisdropped
                            AND a.attnotnull AND a.atttypid = 'uuid'::regtype
                            AND EXISTS (SELECT 1 FROM pg_index i
                                         WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey))) AS tenant
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
           ORDER BY c.relname`)
      ).rows.filter((t) => !LOCAL_TABLES.has(t.name));
      const known = new Set(
        (
          await client.query<{ name: string }>(
            `SELECT c.relname AS name FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
               JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND (p.partmethod = 'h' OR p.repmodel = 't')`, // hash-distributed or reference
          )
        ).rows.map((r) => r.name),
      );
      const edges = (
        await client.query<{ from: string; to: string }>(`
          SELECT src.relname AS "from", dst.relname AS "to"
            FROM pg_constraint k
            JOIN pg_class src ON src.oid = k.conrelid JOIN pg_namespace sn ON sn.oid = src.relnamespace
            JOIN pg_class dst ON dst.oid = k.confrelid
           WHERE k.contype = 'f' AND sn.nspname = 'public' AND k.conrelid <> k.confrelid`)
      ).rows;
      // The anchor every tenant table is co-located with: the first one already distributed, if any.
      const anchorRow = await client.query<{ name: string }>(`
        SELECT c.relname AS name FROM pg_dist_partition p JOIN pg_class c ON c.oid = p.logicalrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND p.partmethod = 'h' ORDER BY p.logicalrelid LIMIT 1`);
      let anchor: string | null = anchorRow.rows[0]?.name ?? null;
      const pending = foreignKeyOrder(tables, edges).filter((t) => !known.has(t.name));
      if (!pending.length) {
        await distributeFunctions(client, log);
        return result;
      }
      const pendingTenant = new Set(pending.filter((t) => t.tenant).map((t) => t.name));
      // One transaction: a failure leaves the schema as it was, foreign keys included. Sequential
      // mode lets the same transaction create reference tables and then tables referencing them.
      await client.query('BEGIN');
      try {
        await client.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
        // Triggers on distributed and reference tables (the NOTIFY cache invalidation, the job_words
        // vocabulary) are refused unless this is on; docs/scaling.md says why each one is safe.
        await client.query('SET LOCAL citus.enable_unsafe_triggers = on');
        if (opts.shardCount) await client.query(`SET LOCAL citus.shard_count = ${Math.trunc(opts.shardCount)}`);
        // Citus refuses to distribute a table that a still-local table references, and to distribute
        // a table whose referenced table is still local: foreign keys between tenant tables are
        // dropped first and put back once both sides are distributed (co-located, so they hold per shard).
        const fkeys = (
          await client.query<{ table: string; name: string; def: string; to: string }>(`
            SELECT src.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS def, dst.relname AS "to"
              FROM pg_constraint k
              JOIN pg_class src ON src.oid = k.conrelid JOIN pg_namespace sn ON sn.oid = src.relnamespace
              JOIN pg_class dst ON dst.oid = k.confrelid
             WHERE k.contype = 'f' AND sn.nspname = 'public'`)
        ).rows.filter((k) => pendingTenant.has(k.table) && (pendingTenant.has(k.to) || k.to === k.table));
        for (const k of fkeys) await client.query(`ALTER TABLE ${quoteIdent(k.table)} DROP CONSTRAINT ${quoteIdent(k.name)}`);
        for (const t of pending) {
          const rel = `format('public.%I', $1::text)::regclass`;
          if (t.tenant) {
            await client.query(`SELECT create_distributed_table(${rel}, 'client_id', colocate_with => $2)`, [
              t.name,
              anchor ? `public.${quoteIdent(anchor)}` : 'default',
            ]);
            anchor ??= t.name;
            result.distributed.push(t.name);
            log(`distributed ${t.name} by client_id`);
          } else {
            await client.query(`SELECT create_reference_table(${rel})`, [t.name]);
            result.reference.push(t.name);
            log(`reference table ${t.name}`);
          }
        }
        for (const k of fkeys) await client.query(`ALTER TABLE ${quoteIdent(k.table)} ADD CONSTRAINT ${quoteIdent(k.name)} ${k.def}`);
        await client.query('COMMIT');
        await distributeFunctions(client, log);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        result.distributed = [];
        result.reference = [];
        throw err;
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(727275)').catch(() => undefined);
      await client.query('RESET statement_timeout').catch(() => undefined);
    }
  } finally {
    client.release();
  }
  return result;
}

/** Referenced tables before the tables that reference them (a foreign key needs its target placed first). */
/**
 * The schema's own functions (not an extension's) onto every node. Citus copies a function to the
 * workers when a distributed object depends on it (an index expression, a trigger), but not one
 * that is only called from a trigger's body (candidates_words_sync calls hh_candidate_words), and
 * the trigger then fails on the worker's shard. Idempotent: a function Citus already has is skipped.
 */
async function distributeFunctions(client: pg.PoolClient, log: (m: string) => void) {
  const fns = await client.query<{ sig: string }>(`
    SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.prokind = 'f'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
       AND NOT EXISTS (SELECT 1 FROM pg_dist_object o WHERE o.classid = 'pg_proc'::regclass AND o.objid = p.oid)
     ORDER BY 1`);
  for (const f of fns.rows) {
    await client.query('SELECT create_distributed_function($1::regprocedure)', [f.sig]);
    log(`function ${f.sig} on every node`);
  }
}

export function foreignKeyOrder<T extends { name: string }>(tables: T[], edges: { from: string; to: string }[]): T[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const out: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    const s = state.get(name);
    if (s === 'done' || s === 'visiting') return; // a cycle is broken where it is met
    state.set(name, 'visiting');
    for (const e of edges) if (e.from === name && byName.has(e.to)) visit(e.to);
    state.set(name, 'done');
    const t = byName.get(name);
    if (t) out.push(t);
  };
  for (const t of tables) visit(t.name);
  return out;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
