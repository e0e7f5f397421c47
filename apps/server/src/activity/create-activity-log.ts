import { loadAccessibleClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import type { ActivityLogRow } from './list-activity-logs.ts';
import { logActivity } from '../core/activity-log.ts';

/**
 * POST /api/activity-logs/create: the portal records an event of its own (for example a page
 * view or an export). Always written as the caller; a clientId must be one the caller may access.
 */
export async function createActivityLog(opts: {
  db: Db;
  actor: Actor;
  clientId?: string;
  action: string;
  entity: string;
  entityId?: string;
  changes?: Record<string, unknown>;
}): Promise<ActivityLogRow> {
  const { db, actor } = opts;
  return db.transaction(async (tx) => {
    if (opts.clientId) await loadAccessibleClient(tx, actor, opts.clientId, 'logs');
    return logActivity(tx, {
      actor,
      clientId: opts.clientId ?? null,
      action: opts.action,
      entity: opts.entity,
      entityId: opts.entityId,
      changes: opts.changes,
    });
  });
}
