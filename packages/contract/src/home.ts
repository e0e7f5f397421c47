import { z } from 'zod';
import { id, isoDate } from './common.ts';
import { firstScreenCalls } from './first-screen-calls.ts';
import { defineRoute } from './route.ts';

/**
 * GET /api/home/work-queue (decision 0051, "Home is a work queue"): what is waiting for the selected
 * client's team. `since` is the caller's last visit to Home (the portal keeps it per user and
 * client); without it, the last 7 days.
 */
export const workQueueQuery = z.object({ clientId: id, since: isoDate.optional() });

export const workQueueReply = z.object({
  since: isoDate,
  /** Applications received after `since`. */
  newApplicants: z.number().int(),
  openJobs: z.number().int(),
  /** Wave profiles submitted and waiting for a reviewer ("Pending Review"). */
  profilesAwaitingReview: z.number().int(),
  unreadConversations: z.number().int(),
  /** Job imports that ended in "failed" in the last 30 days. */
  failedImports: z.number().int(),
});

/** The portal's Home (decision 0051): the selected client's work queue. */
export const homeRoutes = {
  workQueue: defineRoute({
    ...firstScreenCalls.homeWorkQueue,
    query: workQueueQuery,
    status: 200,
    reply: workQueueReply,
    errors: [400, 401, 403, 404],
    tags: ['home'],
  }),
};
