import { messages } from '@hh/contract/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { departments, jobCategories, jobs } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';

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

export async function saveCategory(tx: Tx, opts: { clientId: string; actor: Actor; id?: string; name: string }) {
  const [dup] = await tx
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(
      and(
        eq(jobCategories.clientId, opts.clientId),
        sql`lower(${jobCategories.name}) = lower(${opts.name})`,
        opts.id ? sql`${jobCategories.id} <> ${opts.id}` : undefined,
      ),
    );
  if (dup) throw conflict('category', messages.jobs.categoryNameTaken(opts.name));
  let row: typeof jobCategories.$inferSelect | undefined;
  if (opts.id) {
    [row] = await tx
      .update(jobCategories)
      .set({ name: opts.name })
      .where(and(eq(jobCategories.clientId, opts.clientId), eq(jobCategories.id, opts.id)))
      .returning();
    if (!row) throw notFound('category', messages.jobs.categoryNotFound);
    await tx
      .update(jobs)
      .set({ categoryName: row.name })
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.categoryId, row.id)));
  } else {
    [row] = await tx.insert(jobCategories).values({ clientId: opts.clientId, name: opts.name }).returning();
  }
  await logActivity(tx, {
    actor: opts.actor,
    clientId: opts.clientId,
    action: opts.id ? 'update' : 'create',
    entity: 'category',
    entityId: row.id,
    changes: { name: row.name },
  });
  return { id: row.id, clientId: row.clientId, name: row.name, message: messages.jobs.categorySaved };
}

export async function deleteCategory(tx: Tx, opts: { clientId: string; actor: Actor; id: string }) {
  const [row] = await tx
    .delete(jobCategories)
    .where(and(eq(jobCategories.clientId, opts.clientId), eq(jobCategories.id, opts.id)))
    .returning();
  if (!row) throw notFound('category', messages.jobs.categoryNotFound);
  await tx
    .update(jobs)
    .set({ categoryId: null, categoryName: null })
    .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.categoryId, row.id)));
  await tx
    .update(departments)
    .set({ categoryIds: sql`array_remove(${departments.categoryIds}, ${row.id}::uuid)` })
    .where(eq(departments.clientId, opts.clientId));
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'delete', entity: 'category', entityId: row.id, changes: { name: row.name } });
  return { id: row.id, clientId: row.clientId, name: row.name, message: messages.jobs.categoryDeleted };
}
