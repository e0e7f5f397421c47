import type { publicJobRoutes as r } from '@hh/contract/public-jobs';
import { sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';

/** 001 §7 categories: GET /jobs/JsonPubCats.ashx?v=&all=true -> { id: name } for the client whose virtualAppName is v. */
export const listPublishedCategories: Operation<typeof r.publishedCategories, 'db'> = async ({ db }, q) => {
  const found = await db.execute<{ id: string; name: string }>(sql`
    SELECT k.id, k.name FROM job_categories k JOIN clients c ON c.id = k.client_id
     WHERE lower(c.virtual_app_name) = lower(${q.v}) AND c.status = 'Active'
       AND (${q.all === 'true'} OR EXISTS (SELECT 1 FROM jobs j WHERE j.client_id = k.client_id AND j.category_id = k.id AND j.status = 'open'))
     ORDER BY k.name`);
  return Object.fromEntries(found.rows.map((x) => [x.id, x.name]));
};
