import type { departmentRoutes as r } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { departments, jobs } from '../db/schema/jobs.ts';
import { assertCategories, assertNameFree } from './department-checks.ts';
import { loadDepartment } from './load-department.ts';
import { DEPARTMENT_WRITERS } from './rights.ts';
import { serializeDepartment } from './serialize-department.ts';

export const updateDepartment: Operation<typeof r.update, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, DEPARTMENT_WRITERS, 'department');
  return deps.db.transaction(async (tx) => {
    const before = await loadDepartment(tx, client.id, input._id);
    if (input.name !== undefined) await assertNameFree(tx, client.id, input.name, input._id);
    if (input.categoryIds) await assertCategories(tx, client.id, input.categoryIds);
    const set = {
      name: input.name ?? before.name,
      categoryIds: input.categoryIds ? [...new Set(input.categoryIds)] : before.categoryIds,
      updatedAt: new Date(),
    };
    const [d] = await tx
      .update(departments)
      .set(set)
      .where(and(eq(departments.clientId, client.id), eq(departments.id, input._id)))
      .returning();
    // Keep the copy used by full-text search in step with a rename.
    if (input.name !== undefined && input.name !== before.name) {
      await tx
        .update(jobs)
        .set({ departmentName: d.name })
        .where(and(eq(jobs.clientId, client.id), eq(jobs.departmentId, d.id)));
    }
    await logActivity(tx, {
      actor: input.actor,
      clientId: client.id,
      action: 'update',
      entity: 'department',
      entityId: d.id,
      changes: diff({ name: before.name, categoryIds: before.categoryIds }, { name: d.name, categoryIds: d.categoryIds }),
    });
    return { ...serializeDepartment(d), message: messages.recruiting.departmentUpdated };
  });
};
