import { messages } from '@hh/contract/messages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { departments, jobCategories, jobs } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';

export type DepartmentRow = typeof departments.$inferSelect;

export const serializeDepartment = (d: DepartmentRow, jobCount?: number) => ({
  _id: d.id,
  clientId: d.clientId,
  name: d.name,
  categoryIds: d.categoryIds,
  ...(jobCount === undefined ? {} : { jobCount }),
});

/** Departments of a client (with open-job counts), by name. */
export async function listDepartments(db: DbOrTx, clientId: string, filter: { ids?: string[]; categoryIds?: string[] } = {}) {
  const conds = [eq(departments.clientId, clientId)];
  if (filter.ids) conds.push(filter.ids.length ? inArray(departments.id, filter.ids) : sql`false`);
  if (filter.categoryIds)
    conds.push(filter.categoryIds.length ? sql`${departments.categoryIds} && ${`{${filter.categoryIds.join(',')}}`}::uuid[]` : sql`false`);
  const rows = await db
    .select({
      d: departments,
      jobCount: sql<number>`(SELECT count(*)::int FROM jobs j WHERE j.client_id = departments.client_id AND j.department_id = departments.id AND j.status = 'open')`,
    })
    .from(departments)
    .where(and(...conds))
    .orderBy(asc(departments.name));
  return rows.map((r) => serializeDepartment(r.d, r.jobCount));
}

export async function loadDepartment(db: DbOrTx, clientId: string, id: string): Promise<DepartmentRow> {
  const [d] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.id, id)));
  if (!d) throw notFound('department', messages.jobs.departmentNotFound);
  return d;
}

async function assertCategories(db: DbOrTx, clientId: string, ids: string[]) {
  if (!ids.length) return;
  const found = await db
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(and(eq(jobCategories.clientId, clientId), inArray(jobCategories.id, ids)));
  if (found.length !== new Set(ids).size) throw notFound('categoryIds', messages.jobs.categoryNotFound);
}

async function assertNameFree(db: DbOrTx, clientId: string, name: string, exceptId?: string) {
  const [dup] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(eq(departments.clientId, clientId), sql`lower(${departments.name}) = lower(${name})`, exceptId ? sql`${departments.id} <> ${exceptId}` : undefined),
    );
  if (dup) throw conflict('department', messages.jobs.departmentNameTaken(name));
}

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
