import type { requisitionRoutes as r } from '@hh/contract/requisitions';
import { sql } from 'drizzle-orm';
import { requireClient, requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { REQUISITION_READERS } from './rights.ts';

/** The default pipeline (recruiting spec's application statuses); statuses the client added sort after it, alphabetically. */
export const PIPELINE_ORDER = ['new', 'screening', 'interview', 'offer', 'hired', 'rejected'];

export function orderStatuses(statuses: Iterable<string>): string[] {
  const rank = (s: string) => {
    const i = PIPELINE_ORDER.indexOf(s.toLowerCase());
    return i < 0 ? PIPELINE_ORDER.length : i;
  };
  return [...new Set(statuses)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

interface Row extends Record<string, unknown> {
  id: string;
  client_id: string;
  title: string;
  reference_number: string;
  requisition_id: string | null;
  status: string;
  city: string | null;
  state: string | null;
  date_posted: Date;
  counts: Record<string, number>;
  total: number;
}

/**
 * GET api/crm/requisitions: the client's jobs, newest first, each with its applicants counted per
 * application status (one grouped count per listed job, through applications_job_idx).
 */
export const listRequisitions: Operation<typeof r.list, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  requireRight(input.actor, REQUISITION_READERS, 'requisition');
  const { db } = deps;
  const clientId = client.id;
  const query = input;
  const conds = [sql`j.client_id = ${clientId}`];
  if (query.status !== 'all') conds.push(sql`j.status = ${query.status}`);
  const s = query.searchQuery?.trim();
  if (s) {
    const like = `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    conds.push(
      sql`(j.title ILIKE ${like} OR j.reference_number ILIKE ${like} OR coalesce(j.requisition_id, '') ILIKE ${like} OR coalesce(j.city, '') ILIKE ${like})`,
    );
  }
  const r = await db.execute<Row>(sql`
    SELECT j.id, j.client_id, j.title, j.reference_number, j.requisition_id, j.status, j.city, j.state, j.date_posted,
           count(*) OVER ()::int AS total,
           coalesce((SELECT jsonb_object_agg(s.status, s.n) FROM (
              SELECT a.status, count(*)::int AS n FROM applications a
               WHERE a.client_id = j.client_id AND a.job_id = j.id GROUP BY a.status) s), '{}'::jsonb) AS counts
      FROM jobs j
     WHERE ${sql.join(conds, sql` AND `)}
     ORDER BY j.date_posted DESC, j.id
     LIMIT ${query.pageSize} OFFSET ${(query.pageNumber - 1) * query.pageSize}`);
  let total = r.rows[0]?.total ?? 0;
  if (!r.rows.length && query.pageNumber > 1) {
    const c = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs j WHERE ${sql.join(conds, sql` AND `)}`);
    total = c.rows[0].n;
  }
  const statuses = new Set<string>(PIPELINE_ORDER.slice(0, 1));
  const items = r.rows.map((row) => {
    for (const k of Object.keys(row.counts)) statuses.add(k);
    return {
      _id: row.id,
      clientId: row.client_id,
      title: row.title,
      referenceNumber: row.reference_number,
      requisitionId: row.requisition_id,
      status: row.status,
      city: row.city,
      state: row.state,
      datePosted: new Date(row.date_posted).toISOString(),
      candidateCount: Object.values(row.counts).reduce((a, b) => a + b, 0),
      statusCounts: row.counts,
    };
  });
  return { items, total, statuses: orderStatuses(statuses) };
};
