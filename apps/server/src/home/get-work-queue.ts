import type { homeRoutes as r } from '@hh/contract/home';
import { and, count, eq, gt } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { unreadConversationsCountOf } from '../conversations/index.ts';
import { jobImports, jobs } from '../db/schema/jobs.ts';
import { waveProfiles } from '../db/schema/wave.ts';
import { countApplications } from '../reports/index.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The Home work queue of one client (decision 0051): counts of what waits for the team, each one query
 * on a tenant table filtered by client_id. New applicants are the applications received since the
 * caller's last visit, counted by the reports' one definition (reports/); failed imports over the last 30 days.
 */
export const getWorkQueue: Operation<typeof r.workQueue, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  const clientId = client.id;
  const now = new Date();
  const since = input.since ? new Date(input.since) : new Date(now.getTime() - 7 * DAY);
  const one = async (q: Promise<Array<{ n: number }>>) => (await q)[0]?.n ?? 0;
  const [newApplicants, openJobs, profilesAwaitingReview, failedImports, unreadConversations] = await Promise.all([
    countApplications(deps, { clientId, since, until: now }),
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
    // Conversations with inbound messages no one has read yet, from the messages themselves.
    unreadConversationsCountOf({ db: deps.db }, { clientId: clientId }),
  ]);
  return {
    since: since.toISOString(),
    newApplicants,
    openJobs,
    profilesAwaitingReview,
    unreadConversations,
    failedImports,
  };
};
