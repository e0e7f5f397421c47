import type { Deps } from '../core/deps.ts';
import { SEARCH_LIMITS } from '@hh/contract/jobs';
import type { publicJobRoutes as r } from '@hh/contract/public-jobs';
import type { Operation } from '../core/operation.ts';
import { type JobRow, loadJob, serializeJob } from '../jobs/index.ts';
import { loadOpenJob } from './get-public-job.ts';
import { publicClient } from './public-client.ts';
import { searchJobs } from './search-jobs.ts';

/**
 * 001 §9: similar jobs are restricted to the same department and a maximum distance (80 miles by
 * default, configurable per call); we ask for page 1 of size 20, shuffle, and return 10.
 */
export async function similarJobs(
  { db }: Pick<Deps, 'db'>,
  { clientId, jobId, maxDistance = SEARCH_LIMITS.similarJobsMiles }: { clientId: string; jobId: string; maxDistance?: number },
): Promise<JobRow[]> {
  const job = await loadJob({ db }, { clientId, jobId });
  const near =
    job.lat !== null && job.zipCode
      ? { zipcode: job.zipCode, radius: maxDistance }
      : job.city
        ? { city: job.city, state: job.state ?? undefined, radius: maxDistance }
        : {};
  const r = await searchJobs(
    { db },
    {
      clientId,
      ...near,
      departmentId: job.departmentId ?? undefined,
      excludeJobId: job.id,
      sort: 'date',
      page: 1,
      pageSize: 20,
      deadEnds: false,
    },
  );
  const rows = r.rows.map((x) => x.row);
  for (let i = rows.length - 1; i > 0; i--) {
    const k = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[k]] = [rows[k], rows[i]];
  }
  return rows.slice(0, 10);
}

/** GET api/similar-jobs: the client named by the query (clientId or nameSlug; not the portal's selected client), its open job, and up to 10 like it. */
export const listSimilarJobs: Operation<typeof r.similarJobs, 'db'> = async ({ db }, input) => {
  const client = await publicClient({ db }, { clientId: input.clientIdSelected ? undefined : input.clientId, nameSlug: input.nameSlug });
  await loadOpenJob(db, client.id, input.jobId);
  const rows = await similarJobs({ db }, { clientId: client.id, jobId: input.jobId, maxDistance: input.maxDistance });
  return { results: rows.map((row) => serializeJob(row, client, { fullDescription: false })), totalCount: rows.length };
};
