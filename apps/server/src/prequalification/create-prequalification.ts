import { messages } from '@hh/contract/messages';
import type { prequalificationRoutes as r } from '@hh/contract/prequalification';
import { and, eq, isNull } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import type { Actor } from '../auth/actor.ts';
import type { Operation } from '../core/operation.ts';
import type { Tx } from '../db/client.ts';
import { prequalificationQuestions } from '../db/schema/jobs.ts';
import { conflict } from '../lib/app-error.ts';
import { assertScope } from './assert-scope.ts';
import { writableClient } from './rights.ts';
import { type QuestionInput, serializePrequalification, withIds } from './serialize-prequalification.ts';

export const createPrequalification: Operation<typeof r.create, 'db'> = async (deps, input) => {
  const client = await writableClient(deps, input.actor, input.clientId);
  return deps.db.transaction((tx) =>
    create(tx, { clientId: client.id, actor: input.actor, jobId: input.jobId, departmentId: input.departmentId, questions: input.questions }),
  );
};

async function create(tx: Tx, opts: { clientId: string; actor: Actor; jobId?: string | null; departmentId?: string | null; questions: QuestionInput[] }) {
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
