import { randomBytes } from 'node:crypto';
import { messages } from '@hh/contract/messages';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { departments, jobs, type PrequalificationQuestion, prequalificationQuestions } from '../db/schema/jobs.ts';
import { conflict, notFound } from '../lib/app-error.ts';

type Row = typeof prequalificationQuestions.$inferSelect;
type QuestionInput = { id?: string; question: string; type: 'yesno' | 'text' | 'select'; options: string[]; required: boolean };

export const serializePrequalification = (r: Row) => ({
  _id: r.id,
  clientId: r.clientId,
  jobId: r.jobId,
  departmentId: r.departmentId,
  questions: r.questions,
  updatedAt: r.updatedAt.toISOString(),
});

const withIds = (qs: QuestionInput[]): PrequalificationQuestion[] =>
  qs.map((q) => ({
    id: q.id ?? randomBytes(6).toString('hex'),
    question: q.question,
    type: q.type,
    options: q.type === 'select' ? q.options : [],
    required: q.required,
  }));

/** A job or department id of another client is "not found", under the spec's fetch message. */
async function assertScope(db: DbOrTx, clientId: string, jobId?: string | null, departmentId?: string | null) {
  if (jobId) {
    const [j] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)));
    if (!j) throw notFound('prequalificationQuestions', messages.recruiting.prequalificationFetchError);
  }
  if (departmentId) {
    const [d] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.clientId, clientId), eq(departments.id, departmentId)));
    if (!d) throw notFound('prequalificationQuestions', messages.recruiting.prequalificationFetchError);
  }
}

/** The sets of a client, narrowed by job and/or department when given. */
export async function listPrequalification(db: DbOrTx, opts: { clientId: string; jobId?: string; departmentId?: string }) {
  await assertScope(db, opts.clientId, opts.jobId, opts.departmentId);
  const conds: SQL[] = [eq(prequalificationQuestions.clientId, opts.clientId)];
  if (opts.jobId) conds.push(eq(prequalificationQuestions.jobId, opts.jobId));
  if (opts.departmentId) conds.push(eq(prequalificationQuestions.departmentId, opts.departmentId));
  const rows = await db
    .select()
    .from(prequalificationQuestions)
    .where(and(...conds))
    .orderBy(asc(prequalificationQuestions.createdAt));
  return rows.map(serializePrequalification);
}

/**
 * The questions a visitor answers on a job: the job's own set, else its department's,
 * else the client-wide set (most specific wins).
 */
export async function questionsForJob(db: DbOrTx, clientId: string, job: { id: string; departmentId: string | null }): Promise<PrequalificationQuestion[]> {
  const rows = await db
    .select()
    .from(prequalificationQuestions)
    .where(
      and(
        eq(prequalificationQuestions.clientId, clientId),
        sql`(${prequalificationQuestions.jobId} = ${job.id}
             OR (${prequalificationQuestions.jobId} IS NULL AND ${prequalificationQuestions.departmentId} IS NOT DISTINCT FROM ${job.departmentId}::uuid)
             OR (${prequalificationQuestions.jobId} IS NULL AND ${prequalificationQuestions.departmentId} IS NULL))`,
      ),
    );
  const pick =
    rows.find((r) => r.jobId === job.id) ??
    rows.find((r) => r.departmentId && r.departmentId === job.departmentId) ??
    rows.find((r) => !r.jobId && !r.departmentId);
  return pick?.questions ?? [];
}

export async function createPrequalification(
  tx: Tx,
  opts: { clientId: string; actor: Actor; jobId?: string | null; departmentId?: string | null; questions: QuestionInput[] },
) {
  await assertScope(tx, opts.clientId, opts.jobId, opts.departmentId);
  const [existing] = await tx
    .select({ id: prequalificationQuestions.id })
    .from(prequalificationQuestions)
    .where(
      and(
        eq(prequalificationQuestions.clientId, opts.clientId),
        opts.jobId ? eq(prequalificationQuestions.jobId, opts.jobId) : isNull(prequalificationQuestions.jobId),
        opts.departmentId ? eq(prequalificationQuestions.departmentId, opts.departmentId) : isNull(prequalificationQuestions.departmentId),
      ),
    );
  if (existing) throw conflict('prequalificationQuestions', messages.jobs.prequalificationExists);
  const [row] = await tx
    .insert(prequalificationQuestions)
    .values({ clientId: opts.clientId, jobId: opts.jobId ?? null, departmentId: opts.departmentId ?? null, questions: withIds(opts.questions) })
    .returning();
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'create', entity: 'prequalificationQuestions', entityId: row.id });
  return { ...serializePrequalification(row), message: messages.recruiting.prequalificationSaved };
}

export async function updatePrequalification(tx: Tx, opts: { clientId: string; actor: Actor; id: string; questions: QuestionInput[] }) {
  const [row] = await tx
    .update(prequalificationQuestions)
    .set({ questions: withIds(opts.questions), updatedAt: new Date() })
    .where(and(eq(prequalificationQuestions.clientId, opts.clientId), eq(prequalificationQuestions.id, opts.id)))
    .returning();
  if (!row) throw notFound('prequalificationQuestions', messages.jobs.prequalificationNotFound);
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'update', entity: 'prequalificationQuestions', entityId: row.id });
  return { ...serializePrequalification(row), message: messages.recruiting.prequalificationSaved };
}

export async function deletePrequalification(tx: Tx, opts: { clientId: string; actor: Actor; id: string }) {
  const [row] = await tx
    .delete(prequalificationQuestions)
    .where(and(eq(prequalificationQuestions.clientId, opts.clientId), eq(prequalificationQuestions.id, opts.id)))
    .returning();
  if (!row) throw notFound('prequalificationQuestions', messages.jobs.prequalificationNotFound);
  await logActivity(tx, { actor: opts.actor, clientId: opts.clientId, action: 'delete', entity: 'prequalificationQuestions', entityId: row.id });
}
