import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { departments, jobs } from '../db/schema/jobs.ts';
import { loadDepartment } from './load-department.ts';
import { serializeDepartment } from './serialize-department.ts';

/** Deleting a department detaches its jobs (they stay, without a department) and its question sets. */
export async function deleteDepartment(tx: Tx, opts: { clientId: string; actor: Actor; id: string }) {
  const d = await loadDepartment(tx, opts.clientId, opts.id);
  await tx
    .update(jobs)
    .set({ departmentId: null, departmentName: null })
    .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.departmentId, d.id)));
  await tx.execute(sql`DELETE FROM prequalification_questions WHERE client_id = ${opts.clientId} AND department_id = ${d.id}`);
  await tx.delete(departments).where(and(eq(departments.clientId, opts.clientId), eq(departments.id, d.id)));
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'delete', entity: 'department', entityId: d.id, changes: { name: d.name } });
  return { ...serializeDepartment(d), message: messages.recruiting.departmentDeleted };
}
