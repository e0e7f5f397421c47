import { SEARCH_LIMITS } from '@hh/contract/jobs';
import type { Db } from '../db/client.ts';
import { searchJobs } from './search-jobs.ts';
import { type JobRow, loadJob } from '../jobs/index.ts';

/**
 * 001 §9: similar jobs are restricted to the same department and a maximum distance (80 miles by
 * default, configurable per call); we ask for page 1 of size 20, shuffle, and return 10.
 */
export async function similarJobs(db: Db, clientId: string, jobId: string, maxDistance: number = SEARCH_LIMITS.similarJobsMiles): Promise<JobRow[]> {
  const job = await loadJob(db, clientId, jobId);
  const near =
    job.lat !== null && job.zipCode
      ? { zipcode: job.zipCode, radius: maxDistance }
      : job.city
        ? { city: job.city, state: job.state ?? undefined, radius: maxDistance }
        : {};
  const r = await searchJobs(db, clientId, {
    ...near,
    departmentId: job.departmentId ?? undefined,
    excludeJobId: job.id,
    sort: 'date',
    page: 1,
    pageSize: 20,
    deadEnds: false,
  });
  const rows = r.rows.map((x) => x.row);
  for (let i = rows.length - 1; i > 0; i--) {
    const k = Math.floor(Math.random() * (i + 1));
    [rows[i], rows[k]] = [rows[k], rows[i]];
  }
  return rows.slice(0, 10);
}
