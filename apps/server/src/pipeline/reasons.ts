import { messages } from '@hh/contract/messages';
import { DEFAULT_REJECTION_REASONS, type pipelineRoutes as r } from '@hh/contract/pipeline';
import { and, asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { rejectionReasons } from '../db/schema/pipeline.ts';
import { badRequest } from '../lib/app-error.ts';
import { PIPELINE_EDITORS, PIPELINE_READERS } from './rights.ts';

/** The client's rejection reasons in order; a client without any gets the defaults (once, even when two calls race: the label is unique). */
export async function ensureReasons(db: DbOrTx, clientId: string) {
  const read = () => db.select().from(rejectionReasons).where(eq(rejectionReasons.clientId, clientId)).orderBy(asc(rejectionReasons.position));
  let rows = await read();
  if (!rows.length) {
    await db
      .insert(rejectionReasons)
      .values(DEFAULT_REJECTION_REASONS.map((label, position) => ({ clientId, label, position })))
      .onConflictDoNothing();
    rows = await read();
  }
  return rows;
}

const serialize = (x: typeof rejectionReasons.$inferSelect) => ({ _id: x.id, label: x.label, position: x.position, archived: x.archived });

/** `GET /api/rejection-reasons`: the client's list (archived ones too, marked, since old rejections name them). */
export const listRejectionReasons: Operation<typeof r.listRejectionReasons, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'reasons');
  return { clientId: client.id, results: (await ensureReasons(deps.db, client.id)).map(serialize) };
};

/**
 * `PUT /api/rejection-reasons`: the full list in order. A reason with an id is relabelled, one without
 * is added, one left out is archived (never deleted: rejected applications keep pointing at it).
 */
export const saveRejectionReasons: Operation<typeof r.saveRejectionReasons, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_EDITORS, 'reasons');
  const labels = input.reasons.map((x) => x.label.trim().toLowerCase());
  if (new Set(labels).size !== labels.length) throw badRequest('reasons', messages.pipeline.reasonLabelsUnique);
  return deps.db.transaction(async (tx) => {
    const current = await ensureReasons(tx, client.id);
    const byId = new Map(current.map((x) => [x.id, x]));
    const ids = input.reasons.map((x) => x.id).filter((x): x is string => !!x);
    if (ids.some((x) => !byId.has(x))) throw badRequest('reasons', messages.pipeline.reasonNotFound);
    // Labels move between rows: clear the unique labels first (the kept rows are rewritten below).
    const kept = new Set(ids);
    const dropped = current.filter((x) => !kept.has(x.id));
    for (const x of current)
      await tx
        .update(rejectionReasons)
        .set({ label: `~renaming~${x.id}` })
        .where(and(eq(rejectionReasons.clientId, client.id), eq(rejectionReasons.id, x.id)));
    for (const [position, x] of input.reasons.entries()) {
      if (x.id)
        await tx
          .update(rejectionReasons)
          .set({ label: x.label.trim(), position, archived: x.archived })
          .where(and(eq(rejectionReasons.clientId, client.id), eq(rejectionReasons.id, x.id)));
      else await tx.insert(rejectionReasons).values({ clientId: client.id, label: x.label.trim(), position, archived: x.archived });
    }
    // Left out: archived, after the list, keeping their label unless a listed reason took it.
    for (const [i, x] of dropped.entries()) {
      const taken = labels.includes(x.label.toLowerCase());
      await tx
        .update(rejectionReasons)
        .set({ label: taken ? `${x.label} (archived)` : x.label, archived: true, position: input.reasons.length + i })
        .where(and(eq(rejectionReasons.clientId, client.id), eq(rejectionReasons.id, x.id)));
    }
    await logActivity(tx, {
      actor: input.actor ?? null,
      clientId: client.id,
      action: 'update',
      entity: 'rejection-reasons',
      changes: { labels: input.reasons.map((x) => x.label) },
    });
    const rows = await tx.select().from(rejectionReasons).where(eq(rejectionReasons.clientId, client.id)).orderBy(asc(rejectionReasons.position));
    return { clientId: client.id, results: rows.map(serialize), message: messages.pipeline.reasonsSaved };
  });
};
