import { messages } from '@hh/contract/messages';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { departments } from '../db/schema/jobs.ts';
import { assertCategories, assertNameFree } from './department-checks.ts';
import { serializeDepartment } from './serialize-department.ts';

export async function createDepartment(tx: Tx, opts: { clientId: string; actor: Actor; name: string; categoryIds: string[] }) {
  await assertNameFree(tx, opts.clientId, opts.name);
  await assertCategories(tx, opts.clientId, opts.categoryIds);
  const [d] = await tx
    .insert(departments)
    .values({ clientId: opts.clientId, name: opts.name, categoryIds: [...new Set(opts.categoryIds)] })
    .returning();
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'create', entity: 'department', entityId: d.id, changes: { name: d.name } });
  return { ...serializeDepartment(d, 0), message: messages.recruiting.departmentCreated };
}
