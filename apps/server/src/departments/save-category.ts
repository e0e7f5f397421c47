import type { categoryRoutes as r } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobCategories, jobs } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { DEPARTMENT_WRITERS } from './rights.ts';

export const saveCategory: Operation<typeof r.save, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, DEPARTMENT_WRITERS, 'category');
  const clientId = client.id;
  return deps.db.transaction(async (tx) => {
    const [dup] = await tx
      .select({ id: jobCategories.id })
      .from(jobCategories)
      .where(
        and(
          eq(jobCategories.clientId, clientId),
          sql`lower(${jobCategories.name}) = lower(${input.name})`,
          input.id ? sql`${jobCategories.id} <> ${input.id}` : undefined,
        ),
      );
    if (dup) throw conflict('category', messages.jobs.categoryNameTaken(input.name));
    let row: typeof jobCategories.$inferSelect | undefined;
    if (input.id) {
      [row] = await tx
        .update(jobCategories)
        .set({ name: input.name })
        .where(and(eq(jobCategories.clientId, clientId), eq(jobCategories.id, input.id)))
        .returning();
      if (!row) throw notFound('category', messages.jobs.categoryNotFound);
      await tx
        .update(jobs)
        .set({ categoryName: row.name })
        .where(and(eq(jobs.clientId, clientId), eq(jobs.categoryId, row.id)));
    } else {
      [row] = await tx.insert(jobCategories).values({ clientId, name: input.name }).returning();
    }
    await logActivity(tx, {
      actor: input.actor,
      clientId,
      action: input.id ? 'update' : 'create',
      entity: 'category',
      entityId: row.id,
      changes: { name: row.name },
    });
    return { id: row.id, clientId: row.clientId, name: row.name, message: messages.jobs.categorySaved };
  });
};
