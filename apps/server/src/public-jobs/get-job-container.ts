import type { publicJobRoutes as r } from '@hh/contract/public-jobs';
import { sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { publicClient } from './public-client.ts';

/** GET api/jobs/container: what a career site needs to draw its job area (departments with open-job counts, categories, the total). */
export const getJobContainer: Operation<typeof r.container, 'db'> = async ({ db }, input) => {
  const client = await publicClient({ db }, { nameSlug: input.nameSlug });
  const deps = await db.execute<{ id: string; name: string; n: number }>(sql`
    SELECT d.id, d.name, count(j.id)::int AS n FROM departments d
      LEFT JOIN jobs j ON j.client_id = d.client_id AND j.department_id = d.id AND j.status = 'open'
     WHERE d.client_id = ${client.id} GROUP BY d.id, d.name ORDER BY d.name`);
  const cats = await db.execute<{ id: string; name: string }>(sql`SELECT id, name FROM job_categories WHERE client_id = ${client.id} ORDER BY name`);
  const total = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${client.id} AND status = 'open'`);
  return {
    client: {
      _id: client.id,
      name: client.name,
      nameSlug: client.nameSlug,
      virtualAppName: client.virtualAppName,
      domainURL: client.domainURL,
      logo: client.logo,
    },
    departments: deps.rows.map((d) => ({ _id: d.id, name: d.name, jobCount: d.n })),
    categories: cats.rows,
    totalCount: total.rows[0].n,
    searchUrl: `/${client.nameSlug}/search-page?v=${encodeURIComponent(client.virtualAppName ?? client.nameSlug)}`,
  };
};
