import type { jobImportRoutes as r } from '@hh/contract/job-imports';
import { messages } from '@hh/contract/messages';
import { requireClient, requireRight } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { queueImport } from './queue-import.ts';
import { IMPORT_WRITERS } from './rights.ts';
import { serializeImport } from './serialize-import.ts';

/** The client's jobsFeedUrl, queued for the import worker. */
export const importFeed: Operation<typeof r.importFeed, 'db' | 'queue'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId);
  requireRight(input.actor, IMPORT_WRITERS);
  if (!client.jobsFeedUrl) throw badRequest('jobsFeedUrl', messages.jobs.importNoFeedUrl);
  const row = await queueImport(deps, { clientId: client.id, source: 'feed', createdBy: input.actor.id });
  await logActivity(deps.db, {
    actor: input.actor,
    clientId: client.id,
    action: 'create',
    entity: 'jobImport',
    entityId: row.id,
    changes: { source: 'feed' },
  });
  return { ...serializeImport(row), message: messages.jobs.importQueued };
};
