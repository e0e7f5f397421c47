import type { departmentRoutes as r } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { departments, jobs } from '../db/schema/jobs.ts';
import { badRequest } from '../lib/app-error.ts';
import { loadDepartment } from './load-department.ts';
import { DEPARTMENT_WRITERS } from './rights.ts';
import { serializeDepartment } from './serialize-department.ts';

/**
 * Deleting a department detaches its jobs (they stay, without a department) and its question sets.
 * The ids come from the query string or a JSON body, for callers that send one.
 */
export const deleteDepartment: Operation<typeof r.remove, 'db'> = async (deps, input) => {
  if (!input.departmentId) throw badRequest('department', messages.jobs.departmentIdRequired);
  const client = await requireClient(deps, input.actor, input.clientId, DEPARTMENT_WRITERS, 'department');
  const departmentId = input.departmentId;
  return deps.db.transaction(async (tx) => {
    const d = await loadDepartment(tx, client.id, departmentId);
    await tx
      .update(jobs)
      .set({ departmentId: null, departmentName: null })
      .where(and(eq(jobs.clientId, client.id), eq(jobs.departmentId, d.id)));
    await tx.execute(sql`DELETE FROM prequalification_questions WHERE client_id = ${client.id} AND department_id = ${d.id}`);
    await tx.delete(departments).where(and(eq(departments.clientId, client.id), eq(departments.id, d.id)));
    await logActivity(tx, { actor: input.actor, clientId: client.id, action: 'delete', entity: 'department', entityId: d.id, changes: { name: d.name } });
    return { ...serializeDepartment(d), message: messages.recruiting.departmentDeleted };
  });
};
