import type { Deps } from '../core/deps.ts';
import { siteEvents } from '../db/schema/jobs.ts';

/**
 * First-party career-site analytics (job views, searches, applications) for /harvest/dashboard.
 * Written after the reply is decided and never awaited by the visitor; a failure is logged.
 */
export function recordEvent(
  deps: Pick<Deps, 'db' | 'log'>,
  clientId: string,
  type: 'job_view' | 'search' | 'application',
  jobId: string | null,
  data: Record<string, unknown> = {},
) {
  deps.db
    .insert(siteEvents)
    .values({ clientId, type, jobId, data })
    .catch((err: unknown) => deps.log.warn({ err, clientId, type }, 'could not record a site event'));
}
