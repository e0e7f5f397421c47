import type { activityRoutes as r } from '@hh/contract/activity';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { describeActivity } from './describe-activity.ts';
import { serializeActivityLog } from './serialize-activity-log.ts';

/**
 * POST /api/activity-logs/create: the portal records an event of its own (for example a page
 * view or an export). Always written as the caller; a clientId must be one the caller may access.
 * Without one in the body the entry is platform-level (the portal's selected client does not count).
 */
export const createActivityLog: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const { actor } = input;
  const clientId = input.clientIdSelected ? undefined : input.clientId;
  const row = await deps.db.transaction(async (tx) => {
    if (clientId) await requireClient({ db: tx }, actor, clientId, 'member', 'logs');
    return logActivity(tx, {
      actor,
      clientId: clientId ?? null,
      action: input.action,
      entity: input.entity,
      entityId: input.entityId,
      changes: input.changes,
    });
  });
  return { ...serializeActivityLog(row), summary: (await describeActivity(deps.db, [row])).get(row.id) };
};
