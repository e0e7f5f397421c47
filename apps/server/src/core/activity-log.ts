import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';
import { activityLogs, NIL_UUID } from '../db/schema/core.ts';

export type ActivityAction = 'create' | 'update' | 'delete' | string;

/**
 * Writes one activity-log row: who, what, which client, when and what changed.
 * Call it inside the same transaction as the change, so a rolled-back change leaves no log.
 */
export async function logActivity(
  db: DbOrTx,
  opts: { actor: Actor | null; clientId: string | null; action: ActivityAction; entity: string; entityId?: string | null; changes?: Record<string, unknown> },
): Promise<typeof activityLogs.$inferSelect> {
  const [row] = await db
    .insert(activityLogs)
    .values({
      clientId: opts.clientId ?? NIL_UUID,
      actorId: opts.actor?.id ?? null,
      actorEmail: opts.actor?.email ?? null,
      action: opts.action,
      entity: opts.entity,
      entityId: opts.entityId ?? null,
      changes: opts.changes ?? {},
    })
    .returning();
  return row;
}

/** The fields of `after` that differ from `before`, as { field: { from, to } }. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined || k === 'updatedAt') continue;
    const prev = before[k];
    if (JSON.stringify(prev) !== JSON.stringify(v)) out[k] = { from: prev ?? null, to: v };
  }
  return out;
}
