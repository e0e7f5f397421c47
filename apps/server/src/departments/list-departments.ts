import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { departments } from '../db/schema/jobs.ts';
import { serializeDepartment } from './serialize-department.ts';

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
