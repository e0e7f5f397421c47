import type { FilterFacets, crmRoutes as r } from '@hh/contract/crm';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { getStatuses } from './pipeline.ts';
import { CANDIDATE_READERS } from './rights.ts';

type Row = { value: string; label?: string | null; count: number };

/**
 * `GET api/crm/filter-facets`: the client's facets with counts (status in pipeline order, source,
 * tags, city, state, assigned job, skills). Each list is capped; merged-away candidates are not counted.
 */
export const getFilterFacets: Operation<typeof r.getFilterFacets, 'db'> = async (deps, input): Promise<FilterFacets> => {
  const clientId = (await requireClient(deps, input.actor, input.clientId, CANDIDATE_READERS, 'candidates')).id;
  const db = deps.db;
  const live = sql`client_id = ${clientId} AND merged_into IS NULL`;
  const top = (col: string) =>
    db.execute<Row>(
      sql`SELECT ${sql.raw(col)} AS value, count(*)::int AS count FROM candidates WHERE ${live} AND ${sql.raw(col)} IS NOT NULL AND ${sql.raw(col)} <> ''
           GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 100`,
    );
  const unnested = (col: string) =>
    db.execute<Row>(
      sql`SELECT v AS value, count(*)::int AS count FROM candidates, unnest(${sql.raw(col)}) AS v WHERE ${live} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 100`,
    );
  const [statuses, status, source, tags, city, state, skills, jobs, total] = await Promise.all([
    getStatuses(db, clientId),
    top('status'),
    top('source'),
    unnested('tags'),
    top('city'),
    top('state'),
    unnested('skills'),
    db.execute<Row>(sql`
      SELECT a.job_id::text AS value, j.title AS label, count(DISTINCT a.candidate_id)::int AS count
        FROM applications a JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
       WHERE a.client_id = ${clientId} GROUP BY 1, 2 ORDER BY 3 DESC, 2 LIMIT 100`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM candidates WHERE ${live}`),
  ]);
  const byStatus = new Map(status.rows.map((r) => [r.value, r.count]));
  const plain = (rows: Row[]) => rows.map((r) => ({ value: r.value, count: r.count }));
  return {
    // Every pipeline status appears (0 when empty), then any legacy value no longer in the pipeline.
    status: [
      ...statuses.map((s) => ({ value: s, count: byStatus.get(s) ?? 0 })),
      ...status.rows.filter((r) => !statuses.includes(r.value)).map((r) => ({ value: r.value, count: r.count })),
    ],
    source: plain(source.rows),
    tags: plain(tags.rows),
    city: plain(city.rows),
    state: plain(state.rows),
    assignedJobs: jobs.rows.map((r) => ({ value: r.value, label: r.label ?? '', count: r.count })),
    skills: plain(skills.rows),
    total: total.rows[0].n,
  };
};
