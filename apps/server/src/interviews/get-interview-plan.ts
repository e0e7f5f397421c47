import type { interviewsRoutes as r } from '@hh/contract/interviews';
import { and, asc, eq } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/core.ts';
import { ensureJobStages } from '../pipeline/index.ts';
import { fullName, loadJob, loadPlan } from './interview-checks.ts';
import { HIRING_TEAM } from './rights.ts';

/** The client's active users: who may be chosen as an interviewer. */
export async function interviewerOptions(db: DbOrTx, clientId: string) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.status, 'Active')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(500);
  return rows.map((u) => ({ id: u.id, name: fullName(u), email: u.email }));
}

/** The job's interview-kind stages (the job's pipeline is created from the client's template when it has none). */
export async function interviewStages(db: DbOrTx, clientId: string, jobId: string) {
  const stages = await ensureJobStages({ db }, { clientId, jobId });
  return stages.filter((s) => s.kind === 'interview').map((s) => ({ id: s.id, name: s.name }));
}

export async function planReply(db: DbOrTx, clientId: string, job: { id: string; title: string }) {
  const plan = await loadPlan(db, clientId, job.id);
  const stages = await interviewStages(db, clientId, job.id);
  // A stage removed from the pipeline since leaves its interviews attached to no stage.
  const known = new Set(stages.map((s) => s.id));
  const interviews = plan.interviews.map((i) => ({ ...i, stageId: i.stageId && known.has(i.stageId) ? i.stageId : null }));
  return { jobId: job.id, jobTitle: job.title, ...plan, interviews, interviewerOptions: await interviewerOptions(db, clientId), stages };
}

/** `GET /api/jobs/:jobId/interview-plan`: the job's interviews and scorecard attributes, for the hiring team. */
export const getInterviewPlan: Operation<typeof r.getPlan, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, HIRING_TEAM, 'interviews');
  const job = await loadJob(deps.db, client.id, input.jobId);
  return planReply(deps.db, client.id, job);
};
