import { messages } from '@hh/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { departments, jobs } from '../db/schema/jobs.ts';
import { assertCategories, assertNameFree } from './department-checks.ts';
import { loadDepartment } from './load-department.ts';
import { serializeDepartment } from './serialize-department.ts';

export async function updateDepartment(tx: Tx, opts: { clientId: string; actor: Actor; id: string; name?: string; categoryIds?: string[] }) {
  const before = await loadDepartment(tx, opts.clientId, opts.id);
  if (opts.name !== undefined) await assertNameFree(tx, opts.clientId, opts.name, opts.id);
  if (opts.categoryIds) await assertCategories(tx, opts.clientId, opts.categoryIds);
  const set = { name: opts.name ?? before.name, categoryIds: opts.categoryIds ? [...new Set(opts.categoryIds)] : before.categoryIds, updatedAt: new Date() };
  const [d] = await tx
    .update(departments)
    .set(set)
    .where(and(eq(departments.clientId, opts.clientId), eq(departments.id, opts.id)))
    .returning();
  // Keep the copy used by full-text search in step with a rename.
  if (opts.name !== undefined && opts.name !== before.name) {
    await tx
      .update(jobs)
      .set({ departmentName: d.name })
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.departmentId, d.id)));
  }
  await logActivity(tx, {
    actor: opts.actor,
    clientId: opts.clientId,
    action: 'update',
    entity: 'department',
    entityId: d.id,
    changes: diff({ name: before.name, categoryIds: before.categoryIds }, { name: d.name, categoryIds: d.categoryIds }),
  });
  return { ...serializeDepartment(d), message: messages.recruiting.departmentUpdated };
}
