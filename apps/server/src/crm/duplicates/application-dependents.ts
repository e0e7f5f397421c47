import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pgUuidArray } from '../serialize.ts';

/**
 * The rows deleted with an application: every table whose foreign key to it (or to such a row) says
 * ON DELETE CASCADE, read from the catalog so a table added later is covered without a change here:
 * stage history, rejection emails, interviews and their interviewers, feedback requests, scorecards
 * and ratings, the offer and its approvals, booking links and booked interviews with their holds.
 * A merge deletes the merged person's application to a job the survivor also applied to; these
 * rows are kept with it on the merge, and an undo puts them back, parents before children.
 */
export interface DependentRows {
  table: string;
  rows: Array<Record<string, unknown>>;
}

interface CascadeLink {
  table: string;
  column: string;
  parent: string;
}

/** Cascading (client_id, x) -> parent (client_id, id) keys of the public schema, from the catalog. */
async function cascadeLinks(tx: DbOrTx): Promise<CascadeLink[]> {
  const r = await tx.execute<{ child: string; parent: string; cols: string[]; refcols: string[] }>(sql`
    SELECT ch.relname AS child, pa.relname AS parent,
           ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                   JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS cols,
           ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                   JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) AS refcols
      FROM pg_constraint c
      JOIN pg_class ch ON ch.oid = c.conrelid
      JOIN pg_class pa ON pa.oid = c.confrelid
     WHERE c.contype = 'f' AND c.confdeltype = 'c' AND ch.relnamespace = 'public'::regnamespace`);
  return r.rows
    .filter((x) => x.cols.length === 2 && x.cols[0] === 'client_id' && x.refcols[0] === 'client_id' && x.refcols[1] === 'id')
    .map((x) => ({ table: x.child, column: x.cols[1], parent: x.parent }));
}

/** Every row that deleting these applications would delete with them, in an order that can be inserted again. */
export async function snapshotDependents(tx: DbOrTx, clientId: string, applicationIds: string[]): Promise<DependentRows[]> {
  if (!applicationIds.length) return [];
  const links = await cascadeLinks(tx);
  // Rows by table, each once (a table may hang from two of them: a scorecard from its application and its interview).
  const found = new Map<string, Map<string, Record<string, unknown>>>();
  const queried = new Set<string>();
  let level: Array<{ table: string; ids: string[] }> = [{ table: 'applications', ids: applicationIds }];
  while (level.length) {
    const next: Array<{ table: string; ids: string[] }> = [];
    for (const parent of level) {
      for (const link of links.filter((l) => l.parent === parent.table)) {
        const fresh = parent.ids.filter((id) => !queried.has(`${link.table}.${link.column}.${id}`));
        if (!fresh.length) continue;
        for (const id of fresh) queried.add(`${link.table}.${link.column}.${id}`);
        const r = await tx.execute<{ row: Record<string, unknown> }>(
          sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(link.table)} t
               WHERE t.client_id = ${clientId} AND ${sql.identifier(link.column)} = ANY(${pgUuidArray(fresh)}::uuid[])`,
        );
        if (!r.rows.length) continue;
        const rows = found.get(link.table) ?? new Map<string, Record<string, unknown>>();
        found.set(link.table, rows);
        for (const { row } of r.rows) rows.set(typeof row.id === 'string' ? row.id : JSON.stringify(row), row);
        const ids = r.rows.map((x) => x.row.id).filter((id): id is string => typeof id === 'string');
        if (ids.length) next.push({ table: link.table, ids });
      }
    }
    level = next;
  }
  // Parents before children: a table is listed once every table it hangs from (among these) is.
  const out: DependentRows[] = [];
  const placed = new Set<string>(['applications']);
  while (out.length < found.size) {
    const ready = [...found.keys()].filter(
      (t) => !placed.has(t) && links.filter((l) => l.table === t && found.has(l.parent) && l.parent !== t).every((l) => placed.has(l.parent)),
    );
    // A cycle (none today) is inserted in name order rather than lost.
    const take = ready.length ? ready : [...found.keys()].filter((t) => !placed.has(t)).sort();
    for (const t of take.sort()) {
      placed.add(t);
      out.push({ table: t, rows: [...(found.get(t)?.values() ?? [])] });
    }
  }
  return out;
}

/**
 * Puts the rows back (after their applications), each table's stored columns only (never a generated
 * one). A row that now conflicts (an interviewer's time booked meanwhile) stays out; the rest return.
 */
export async function restoreDependents(tx: DbOrTx, clientId: string, saved: DependentRows[] | undefined): Promise<void> {
  for (const { table, rows } of saved ?? []) {
    const own = rows.filter((x) => x.client_id === clientId);
    if (!own.length) continue;
    const cols = await tx.execute<{ name: string }>(sql`
      SELECT attname::text AS name FROM pg_attribute
       WHERE attrelid = ${`public.${table}`}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
       ORDER BY attnum`);
    const list = sql.join(
      cols.rows.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    await tx.execute(sql`
      INSERT INTO ${sql.identifier(table)} (${list})
      SELECT ${list} FROM jsonb_populate_recordset(NULL::${sql.identifier(table)}, ${JSON.stringify(own)}::jsonb)
      ON CONFLICT DO NOTHING`);
  }
}
