import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { departments, jobCategories, jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';

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
