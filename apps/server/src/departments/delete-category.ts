import type { categoryRoutes as r } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { departments, jobCategories, jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';
import { DEPARTMENT_WRITERS } from './rights.ts';

export const deleteCategory: Operation<typeof r.remove, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, DEPARTMENT_WRITERS, 'category');
  const clientId = client.id;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(jobCategories)
      .where(and(eq(jobCategories.clientId, clientId), eq(jobCategories.id, input.id)))
      .returning();
    if (!row) throw notFound('category', messages.jobs.categoryNotFound);
    await tx
      .update(jobs)
      .set({ categoryId: null, categoryName: null })
      .where(and(eq(jobs.clientId, clientId), eq(jobs.categoryId, row.id)));
    await tx
      .update(departments)
      .set({ categoryIds: sql`array_remove(${departments.categoryIds}, ${row.id}::uuid)` })
      .where(eq(departments.clientId, clientId));
    await logActivity(tx, { actor: input.actor, clientId, action: 'delete', entity: 'category', entityId: row.id, changes: { name: row.name } });
    return { id: row.id, clientId: row.clientId, name: row.name, message: messages.jobs.categoryDeleted };
  });
};
