import { type activityLogs, NIL_UUID } from '../db/schema/core.ts';

export type ActivityLogRow = typeof activityLogs.$inferSelect;

export function serializeActivityLog(r: ActivityLogRow) {
  return {
    _id: r.id,
    clientId: r.clientId === NIL_UUID ? null : r.clientId,
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    changes: r.changes ?? {},
    createdAt: r.createdAt.toISOString(),
  };
}
