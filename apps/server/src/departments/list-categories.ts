import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobCategories } from '../db/schema/jobs.ts';

/**
 * Job categories are ours, per client (001 §3: "The list comes from the external job board as a
 * map from id to name" — the product is its own job board, so it answers that map itself).
 */
export async function listCategories(db: DbOrTx, clientId: string) {
  const rows = await db
    .select({
      c: jobCategories,
      departmentIds: sql<
        string[]
      >`coalesce((SELECT array_agg(d.id) FROM departments d WHERE d.client_id = job_categories.client_id AND job_categories.id = ANY(d.category_ids)), '{}')`,
    })
    .from(jobCategories)
    .where(eq(jobCategories.clientId, clientId))
    .orderBy(asc(jobCategories.name));
  return rows.map((r) => ({ id: r.c.id, clientId: r.c.clientId, name: r.c.name, departmentIds: r.departmentIds }));
}

/** Categories that at least one department of the client is associated with. */
export async function associatedCategories(db: DbOrTx, clientId: string) {
  return (await listCategories(db, clientId)).filter((c) => c.departmentIds.length > 0);
}
