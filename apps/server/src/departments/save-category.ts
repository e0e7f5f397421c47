import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { logActivity } from '../core/activity-log.ts';
import type { Tx } from '../db/client.ts';
import { jobCategories, jobs } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';

export async function saveCategory(tx: Tx, opts: { clientId: string; actor: Actor; id?: string; name: string }) {
  const [dup] = await tx
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .where(
      and(
        eq(jobCategories.clientId, opts.clientId),
        sql`lower(${jobCategories.name}) = lower(${opts.name})`,
        opts.id ? sql`${jobCategories.id} <> ${opts.id}` : undefined,
      ),
    );
  if (dup) throw conflict('category', messages.jobs.categoryNameTaken(opts.name));
  let row: typeof jobCategories.$inferSelect | undefined;
  if (opts.id) {
    [row] = await tx
      .update(jobCategories)
      .set({ name: opts.name })
      .where(and(eq(jobCategories.clientId, opts.clientId), eq(jobCategories.id, opts.id)))
      .returning();
    if (!row) throw notFound('category', messages.jobs.categoryNotFound);
    await tx
      .update(jobs)
      .set({ categoryName: row.name })
      .where(and(eq(jobs.clientId, opts.clientId), eq(jobs.categoryId, row.id)));
  } else {
    [row] = await tx.insert(jobCategories).values({ clientId: opts.clientId, name: opts.name }).returning();
  }
  await logActivity(tx, {
    actor: opts.actor,
    clientId: opts.clientId,
    action: opts.id ? 'update' : 'create',
    entity: 'category',
    entityId: row.id,
    changes: { name: row.name },
  });
  return { id: row.id, clientId: row.clientId, name: row.name, message: messages.jobs.categorySaved };
}
