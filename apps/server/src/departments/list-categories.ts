import type { categoryRoutes as c, departmentRoutes as r } from '@hh/contract/departments';
import { asc, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { jobCategories } from '../db/schema/jobs.ts';

/**
 * Job categories are ours, per client (001 §3: "The list comes from the external job board as a
 * map from id to name" — the product is its own job board, so it answers that map itself).
 */
async function categoriesOf(db: DbOrTx, clientId: string) {
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
  return rows.map((row) => ({ id: row.c.id, clientId: row.c.clientId, name: row.c.name, departmentIds: row.departmentIds }));
}

export const listCategories: Operation<typeof c.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  const results = await categoriesOf(deps.db, client.id);
  return { results, totalCount: results.length };
};

/** Categories that at least one department of the client is associated with. */
export const listAssociatedCategories: Operation<typeof r.associatedCategories, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  const results = (await categoriesOf(deps.db, client.id)).filter((x) => x.departmentIds.length > 0);
  return { results, totalCount: results.length };
};
