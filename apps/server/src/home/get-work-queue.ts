import type { homeRoutes as r } from '@hh/contract/home';
import { and, count, eq, gt } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { applications } from '../db/schema/candidates.ts';
import { jobImports, jobs } from '../db/schema/jobs.ts';
import { waveProfiles } from '../db/schema/wave.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The Home work queue of one client (decision 0051): counts of what waits for the team, each one query
 * on a tenant table filtered by client_id. New applicants are counted from `applications` since the
 * caller's last visit; failed imports over the last 30 days.
 */
export const getWorkQueue: Operation<typeof r.workQueue, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const clientId = client.id;
  const now = new Date();
  const since = input.since ? new Date(input.since) : new Date(now.getTime() - 7 * DAY);
  const one = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  const [newApplicants, openJobs, profilesAwaitingReview, failedImports] = await Promise.all([
    one(
      deps.db
        .select({ n: count() })
        .from(applications)
        .where(and(eq(applications.clientId, clientId), gt(applications.createdAt, since))),
    ),
    one(
      deps.db
        .select({ n: count() })
        .from(jobs)
        .where(and(eq(jobs.clientId, clientId), eq(jobs.status, 'open'))),
    ),
    one(
      deps.db
        .select({ n: count() })
        .from(waveProfiles)
        .where(and(eq(waveProfiles.clientId, clientId), eq(waveProfiles.status, 'Pending Review'))),
    ),
    one(
      deps.db
        .select({ n: count() })
        .from(jobImports)
        .where(and(eq(jobImports.clientId, clientId), eq(jobImports.status, 'failed'), gt(jobImports.createdAt, new Date(now.getTime() - 30 * DAY)))),
    ),
  ]);
  return {
    since: since.toISOString(),
    newApplicants,
    openJobs,
    profilesAwaitingReview,
    unreadConversations: client.unreadConversationsCount,
    failedImports,
  };
};
