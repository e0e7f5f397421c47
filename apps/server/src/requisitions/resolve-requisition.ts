import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { accessibleClientIds, requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/app-error.ts';
import { pgArray } from './pg-array.ts';

export interface RequisitionJob extends Record<string, unknown> {
  id: string;
  client_id: string;
  title: string;
  description: string;
  updated_at: Date;
}

/**
 * The job behind `api/crm/requisition/{id}/…` (the spec sends no clientId): looked up in the hinted
 * client (query clientId or the portal's X-Client-Id) first, then among every client the actor may
 * see now. Another tenant's job is a 404, like a missing one (docs/permissions.md).
 */
export async function resolveRequisition(db: Db, actor: Actor, jobId: string, hint?: string): Promise<RequisitionJob> {
  const find = async (clientIds: string[] | null) => {
    const scope = clientIds === null ? sql`true` : sql`client_id = ANY(${pgArray(clientIds)}::uuid[])`;
    const r = await db.execute<RequisitionJob>(sql`
      SELECT id, client_id, title, description, updated_at FROM jobs WHERE ${scope} AND id = ${jobId} LIMIT 1`);
    return r.rows[0];
  };
  let job = hint ? await find([hint]) : undefined;
  if (!job) {
    const ids = actor.userTypeGlobal === 'user' ? (actor.clientId ? [actor.clientId] : []) : await accessibleClientIds(db, actor);
    job = ids && ids.length === 0 ? undefined : await find(ids);
  }
  if (!job) throw notFound('requisition', messages.requisitions.requisitionNotFound);
  await requireClient({ db }, actor, job.client_id, 'member', 'requisition').catch(() => {
    throw notFound('requisition', messages.requisitions.requisitionNotFound);
  });
  return job;
}
