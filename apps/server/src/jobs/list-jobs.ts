import type { listJobsQuery } from '@hh/contract/jobs';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { JobRow } from './serialize.ts';

/** The portal's job list: status, department and text filters, a sort, a page, and the total of the filter. */
export async function listJobs(db: Db, clientId: string, q: z.infer<typeof listJobsQuery>): Promise<{ rows: JobRow[]; total: number }> {
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
  return { rows: rows.map((row) => row.j), total };
}
