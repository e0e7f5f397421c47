import type { departmentRoutes as r } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { departments } from '../db/schema/jobs.ts';
import { assertCategories, assertNameFree } from './department-checks.ts';
import { DEPARTMENT_WRITERS } from './rights.ts';
import { serializeDepartment } from './serialize-department.ts';

export const createDepartment: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, DEPARTMENT_WRITERS, 'department');
  return deps.db.transaction(async (tx) => {
    await assertNameFree(tx, client.id, input.name);
    await assertCategories(tx, client.id, input.categoryIds);
    const [d] = await tx
      .insert(departments)
      .values({ clientId: client.id, name: input.name, categoryIds: [...new Set(input.categoryIds)] })
      .returning();
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'create', entity: 'department', entityId: d.id, changes: { name: d.name } });
    return { ...serializeDepartment(d, 0), message: messages.recruiting.departmentCreated };
  });
};
