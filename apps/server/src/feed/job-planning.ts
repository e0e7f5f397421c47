import type { feedRoutes as r } from '@hh/contract/feed';
import { messages } from '@hh/contract/messages';
import type { JobPlanningEntry } from '@hh/contract/feed';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { type Need, requireClient, requireRight } from '../auth/access.ts';
import { diff, logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import { jobs } from '../db/schema/jobs.ts';
import { badRequest, notFound } from '../lib/app-error.ts';

/**
 * The media planner's job-planning entries (core spec §3: adid, budget as a dollar amount string,
 * indeedApply flag, questionsListId "default" or a group id). They are columns of `jobs`; these
 * calls touch only those four columns, so the jobs domain owns everything else about a job.
 */
const KEY = 'jobPlanning';
const READERS: Need = { product: 'harvest', level: 'member' };
const WRITERS: Need = { product: 'harvest', level: 'editor' };

type JobRow = typeof jobs.$inferSelect;
const toEntry = (
  j: Pick<JobRow, 'id' | 'title' | 'referenceNumber' | 'status' | 'city' | 'state' | 'adid' | 'budget' | 'indeedApply' | 'questionsListId'>,
): JobPlanningEntry => ({
  _id: j.id,
  title: j.title,
  referenceNumber: j.referenceNumber,
  status: j.status,
  city: j.city,
  state: j.state,
  adid: j.adid,
  budget: j.budget == null ? null : Number(j.budget).toFixed(2),
  indeedApply: j.indeedApply,
  questionsListId: j.questionsListId,
});

/** The right is checked before the client (403 before 404), as the media planner always has. */
export const listJobPlanning: Operation<typeof r.planning, 'db'> = async (deps, opts) => {
  requireRight(opts.actor, READERS, KEY);
  const client = await requireClient(deps, opts.actor, opts.clientId, 'member', KEY);
  const db = deps.db;
  const term = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(eq(jobs.clientId, client.id), term ? or(ilike(jobs.title, term), ilike(jobs.referenceNumber, term)) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.datePosted), jobs.id)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return { results: rows.map(toEntry), totalCount: n };
};

/**
 * One change to a job's planning entry, here and from the jobs domain's `mvp-update` (which names the
 * job by `_id` or `adid` and hands over its id). The right is checked before the client (403 before 404).
 */
export const updateJobPlanning: Operation<typeof r.updatePlanning, 'db'> = async (deps, opts) => {
  requireRight(opts.actor, WRITERS, KEY);
  const client = await requireClient(deps, opts.actor, opts.clientId, 'member', KEY);
  const db = deps.db;
  const listId = opts.questionsListId;
  if (listId && listId !== 'default') {
    const groups = Array.isArray(client.indeedApplyQuestionsGroups) ? client.indeedApplyQuestionsGroups : [];
    if (!groups.some((g) => g?.id === listId)) throw badRequest(KEY, messages.feed.unknownGroup(listId));
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.id, opts.jobId)))
      .for('update');
    if (!before) throw notFound(KEY, messages.feed.jobNotFound);
    const set: Partial<typeof jobs.$inferInsert> = { updatedAt: new Date() };
    if (opts.adid !== undefined) set.adid = opts.adid || null;
    if (opts.budget !== undefined) set.budget = opts.budget == null ? null : Number(opts.budget);
    if (opts.indeedApply !== undefined) set.indeedApply = opts.indeedApply;
    if (listId !== undefined) set.questionsListId = listId;
    const [after] = await tx
      .update(jobs)
      .set(set)
      .where(and(eq(jobs.clientId, client.id), eq(jobs.id, opts.jobId)))
      .returning();
    const pick = (j: JobRow) => ({ adid: j.adid, budget: j.budget, indeedApply: j.indeedApply, questionsListId: j.questionsListId });
    await logActivity(tx, {
      actor: opts.actor,
      clientId: client.id,
      action: 'update',
      entity: 'jobPlanning',
      entityId: after.id,
      changes: diff(pick(before), pick(after)),
    });
    return toEntry(after);
  });
};
