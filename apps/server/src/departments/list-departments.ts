import type { departmentRoutes as r } from '@hh/contract/departments';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { departments } from '../db/schema/jobs.ts';
import { loadDepartment } from './load-department.ts';
import { serializeDepartment } from './serialize-department.ts';

/** Departments of a client (with open-job counts), by name; the career pages list them too. */
export async function departmentsOf(deps: Pick<Deps, 'db'>, input: { clientId: string; ids?: string[]; categoryIds?: string[] }) {
  const conds = [eq(departments.clientId, input.clientId)];
  if (input.ids) conds.push(input.ids.length ? inArray(departments.id, input.ids) : sql`false`);
  if (input.categoryIds) conds.push(input.categoryIds.length ? sql`${departments.categoryIds} && ${`{${input.categoryIds.join(',')}}`}::uuid[]` : sql`false`);
  const rows = await deps.db
    .select({
      d: departments,
      jobCount: sql<number>`(SELECT count(*)::int FROM jobs j WHERE j.client_id = departments.client_id AND j.department_id = departments.id AND j.status = 'open')`,
    })
    .from(departments)
    .where(and(...conds))
    .orderBy(asc(departments.name));
  return rows.map((row) => serializeDepartment(row.d, row.jobCount));
}

const listed = (results: Awaited<ReturnType<typeof departmentsOf>>) => ({ results, totalCount: results.length });

/** `GET api/departments`: one department with `departmentId`, else the client's list (the selected client when no clientId is sent). */
export const listOrGetDepartments: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  if (input.departmentId) return serializeDepartment(await loadDepartment(deps.db, client.id, input.departmentId));
  return listed(await departmentsOf(deps, { clientId: client.id }));
};

export const listDepartmentsByClient: Operation<typeof r.byClientId, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  return listed(await departmentsOf(deps, { clientId: client.id }));
};

export const listDepartmentsByCategories: Operation<typeof r.byCategoryIds, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  return listed(await departmentsOf(deps, { clientId: client.id, categoryIds: input.categoryIds }));
};

/** The spec passes departmentIds only; the clientId (or the selected client) scopes the lookup to a tenant the caller may see. */
export const listDepartmentsByIds: Operation<typeof r.byIds, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, 'member', 'departments');
  return listed(await departmentsOf(deps, { clientId: client.id, ids: input.departmentIds }));
};
