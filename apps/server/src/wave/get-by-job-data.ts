import type { waveRoutes as w } from '@hh/contract/wave';
import { and, eq, sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { clients } from '../db/schema/core.ts';
import { listPublicProfiles } from './public-profiles.ts';

/**
 * GET /api/profiles/wave/get-by-job-data: the approved profiles to show beside a job — its
 * department's people (by the job's department, a department id, or a department name).
 * Public, like the job page it serves; an unknown client or job gives an empty list.
 */
export const getByJobData: Operation<typeof w.byJobData, 'db' | 'config'> = async (deps, q) => {
  // The client the query names (public: the portal's selected client is not used).
  const named = q.clientIdSelected ? undefined : q.clientId;
  const [client] = await deps.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(named ? eq(clients.id, named) : eq(clients.nameSlug, q.nameSlug ?? ''), eq(clients.status, 'Active')))
    .limit(1);
  if (!client) return { results: [], totalCount: 0 };
  let departmentId = q.departmentId;
  if (q.jobId) {
    const r = await deps.db.execute(sql`SELECT department_id FROM jobs WHERE client_id = ${client.id} AND id = ${q.jobId}::uuid LIMIT 1`);
    const dep = (r.rows[0] as { department_id: string | null } | undefined)?.department_id;
    if (!dep) return { results: [], totalCount: 0 };
    departmentId = dep;
  }
  const results = await listPublicProfiles(deps, { clientId: client.id, departmentId, department: q.department, limit: q.limit });
  return { results, totalCount: results.length };
};
