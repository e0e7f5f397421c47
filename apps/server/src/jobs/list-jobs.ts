import type { jobRoutes as r } from '@hh/contract/jobs';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { serializeJob } from './serialize.ts';

/** The portal's job list: status, department and text filters, a sort, a page, and the total of the filter. */
export const listJobs: Operation<typeof r.list, 'db'> = async (deps, q) => {
  const client = await requireClient(deps, q.actor, q.clientId);
  const db = deps.db;
  const clientId = client.id;
  const conds = [eq(jobs.clientId, clientId)];
  if (q.status !== 'all') conds.push(eq(jobs.status, q.status));
  if (q.departmentId) conds.push(eq(jobs.departmentId, q.departmentId));
  const s = q.search?.trim().slice(0, 200);
  if (s) {
    const like = `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conds.push(or(ilike(jobs.title, like), ilike(jobs.referenceNumber, like), ilike(jobs.city, like)) as ReturnType<typeof eq>);
  }
  const col = { title: jobs.title, datePosted: jobs.datePosted, city: jobs.city, status: jobs.status, updatedAt: jobs.updatedAt }[q.sortBy];
  const rows = await db
    .select({ j: jobs, total: sql<number>`count(*) OVER ()::int` })
    .from(jobs)
    .where(and(...conds))
    .orderBy(q.sortDir === 'asc' ? asc(col) : desc(col), asc(jobs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.page > 1)
    total = (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(...conds))
    )[0].n;
  return { results: rows.map((row) => serializeJob(row.j, client)), totalCount: total };
};
