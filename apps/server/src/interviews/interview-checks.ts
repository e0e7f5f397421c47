import type { DbDeps } from '../core/deps.ts';
import { messages } from '@hh/contract/messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { applications, candidates } from '../db/schema/candidates.ts';
import { users } from '../db/schema/core.ts';
import { feedbackRequests, interviewInterviewers, interviews, scorecardAttributes, scorecards } from '../db/schema/interviews.ts';
import { jobs } from '../db/schema/jobs.ts';
import { notFound } from '../lib/app-error.ts';

/** Helpers private to the interviews domain (they take the database or transaction first: not operations). */

export const fullName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() || u.email;

export async function loadJob(db: DbOrTx, clientId: string, jobId: string) {
  const [job] = await db
    .select({ id: jobs.id, title: jobs.title, city: jobs.city, requisitionId: jobs.requisitionId })
    .from(jobs)
    .where(and(eq(jobs.clientId, clientId), eq(jobs.id, jobId)))
    .limit(1);
  if (!job) throw notFound('job', messages.interviews.jobNotFound);
  return job;
}

/** The application with its job's title and the candidate (id, name parts, address, display name), or 404. */
export async function loadApplication({ db }: DbDeps, { clientId, applicationId }: { clientId: string; applicationId: string }) {
  const [row] = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      email: candidates.email,
    })
    .from(applications)
    .innerJoin(jobs, and(eq(jobs.clientId, applications.clientId), eq(jobs.id, applications.jobId)))
    .innerJoin(candidates, and(eq(candidates.clientId, applications.clientId), eq(candidates.id, applications.candidateId)))
    .where(and(eq(applications.clientId, clientId), eq(applications.id, applicationId)))
    .limit(1);
  if (!row) throw notFound('application', messages.interviews.applicationNotFound);
  return { ...row, candidateName: `${row.firstName} ${row.lastName}`.trim() || row.email };
}

/** Whether the user interviews this application: asked for feedback on it, or has submitted a card for it. */
export async function interviewsApplication(db: DbOrTx, clientId: string, applicationId: string, userId: string): Promise<boolean> {
  const [req] = await db
    .select({ one: feedbackRequests.userId })
    .from(feedbackRequests)
    .where(and(eq(feedbackRequests.clientId, clientId), eq(feedbackRequests.applicationId, applicationId), eq(feedbackRequests.userId, userId)))
    .limit(1);
  if (req) return true;
  const [card] = await db
    .select({ one: scorecards.id })
    .from(scorecards)
    .where(and(eq(scorecards.clientId, clientId), eq(scorecards.applicationId, applicationId), eq(scorecards.interviewerId, userId)))
    .limit(1);
  return !!card;
}

export type Person = { id: string; name: string; email: string };

/** Names of users by id (users are product-wide; a user no longer there is left out). */
export async function peopleById(db: DbOrTx, ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, { id: u.id, name: fullName(u), email: u.email }]));
}

/** The job's interviews (in order, each with its interviewers) and its scorecard's attributes. */
export async function loadPlan(db: DbOrTx, clientId: string, jobId: string) {
  const rows = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.clientId, clientId), eq(interviews.jobId, jobId)))
    .orderBy(asc(interviews.position), asc(interviews.createdAt));
  const panel = rows.length
    ? await db
        .select()
        .from(interviewInterviewers)
        .where(
          and(
            eq(interviewInterviewers.clientId, clientId),
            inArray(
              interviewInterviewers.interviewId,
              rows.map((r) => r.id),
            ),
          ),
        )
    : [];
  const people = await peopleById(
    db,
    panel.map((p) => p.userId),
  );
  const attributes = await db
    .select()
    .from(scorecardAttributes)
    .where(and(eq(scorecardAttributes.clientId, clientId), eq(scorecardAttributes.jobId, jobId)))
    .orderBy(asc(scorecardAttributes.position));
  return {
    interviews: rows.map((r) => ({
      id: r.id,
      stageId: r.stageId,
      name: r.name,
      durationMinutes: r.durationMinutes,
      position: r.position,
      interviewers: panel
        .filter((p) => p.interviewId === r.id)
        .map((p) => people.get(p.userId))
        .filter((p): p is Person => !!p)
        .sort((a, b) => a.name.localeCompare(b.name)),
      poolIds: panel.filter((p) => p.interviewId === r.id && p.inPool && people.has(p.userId)).map((p) => p.userId),
      kit: { focus: r.focus, questions: r.questions, goodLooksLike: r.goodLooksLike },
    })),
    attributes: attributes.map((a) => ({ id: a.id, category: a.category, name: a.name, position: a.position })),
  };
}
