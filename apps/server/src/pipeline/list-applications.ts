import { messages } from '@hh/contract/messages';
import type { pipelineRoutes as r } from '@hh/contract/pipeline';
import { type SQL, sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import type { DbOrTx } from '../db/client.ts';
import type { StageKind } from '../db/schema/pipeline.ts';
import { badRequest, notFound } from '../lib/app-error.ts';
import { PIPELINE_READERS } from './rights.ts';
import { ensureJobStages, loadJob } from './stages.ts';

interface Row {
  id: string;
  client_id: string;
  candidate_id: string;
  first_name: string;
  last_name: string;
  email: string;
  tags: string[];
  job_id: string;
  job_title: string;
  source: string;
  stage_id: string | null;
  stage_name: string | null;
  stage_kind: StageKind | null;
  stage_entered_at: Date | string | null;
  outcome: 'active' | 'rejected' | 'withdrawn';
  rejection_reason_id: string | null;
  outcome_at: Date | string | null;
  version: number;
  created_at: Date | string;
  /** created_at at full precision, for the page cursor. */
  created_key: string;
  [k: string]: unknown;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const DAY = 86_400_000;

/** What the board shows of an application's scorecards. */
export interface ScorecardSummary {
  averageRating: number | null;
  awaitingFeedback: boolean;
}
const NO_SCORECARDS: ScorecardSummary = { averageRating: null, awaitingFeedback: false };
/** The four-point scale as numbers, in SQL (the contract's ratingScore). */
const SCORE = sql`CASE overall WHEN 'strong_no' THEN 1 WHEN 'no' THEN 2 WHEN 'yes' THEN 3 ELSE 4 END`;

/**
 * The scorecard summary of each application named: the average overall recommendation of the submitted
 * cards, and whether an interviewer still on the interview's panel was asked and has not submitted. Two
 * grouped reads on the client's own rows (not a subquery per row), for the page of applications shown.
 * Everyone who reads applications is on the hiring team, who see every card (interviews/rights.ts).
 */
export async function scorecardSummaries(db: DbOrTx, clientId: string, ids: string[]): Promise<Map<string, ScorecardSummary>> {
  const out = new Map<string, ScorecardSummary>();
  if (ids.length === 0) return out;
  const list = sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::uuid[]`;
  const ratings = await db.execute<{ application_id: string; average: string }>(sql`SELECT application_id, round(avg(${SCORE}), 2)::text AS average
    FROM scorecards WHERE client_id = ${clientId} AND application_id = ANY (${list}) GROUP BY application_id`);
  const waiting = await db.execute<{ application_id: string }>(sql`SELECT DISTINCT fr.application_id
    FROM feedback_requests fr
    JOIN interview_interviewers ii ON ii.client_id = fr.client_id AND ii.interview_id = fr.interview_id AND ii.user_id = fr.user_id
    LEFT JOIN scorecards sc ON sc.client_id = fr.client_id AND sc.application_id = fr.application_id
      AND sc.interview_id = fr.interview_id AND sc.interviewer_id = fr.user_id
    WHERE fr.client_id = ${clientId} AND fr.application_id = ANY (${list}) AND sc.id IS NULL`);
  for (const r of ratings.rows) out.set(r.application_id, { averageRating: Number(r.average), awaitingFeedback: false });
  for (const r of waiting.rows) out.set(r.application_id, { ...(out.get(r.application_id) ?? NO_SCORECARDS), awaitingFeedback: true });
  return out;
}

export function serializeApplication(x: Row, now = Date.now(), summary: ScorecardSummary = NO_SCORECARDS) {
  const entered = x.stage_entered_at ? new Date(x.stage_entered_at).getTime() : new Date(x.created_at).getTime();
  return {
    _id: x.id,
    clientId: x.client_id,
    candidateId: x.candidate_id,
    candidateName: `${x.first_name} ${x.last_name}`.trim() || x.email,
    email: x.email,
    jobId: x.job_id,
    jobTitle: x.job_title,
    source: x.source,
    tags: x.tags ?? [],
    stageId: x.stage_id,
    stageName: x.stage_name,
    stageKind: x.stage_kind,
    stageEnteredAt: iso(x.stage_entered_at),
    daysInStage: Math.max(0, Math.floor((now - entered) / DAY)),
    averageRating: summary.averageRating,
    awaitingFeedback: summary.awaitingFeedback,
    outcome: x.outcome,
    rejectionReasonId: x.rejection_reason_id,
    outcomeAt: iso(x.outcome_at),
    version: Number(x.version),
    createdAt: iso(x.created_at) as string,
  };
}
export type ApplicationItem = ReturnType<typeof serializeApplication>;

/** Applications of the client with their candidate, job and stage; `where` adds conditions on a (applications), c (candidates), s (stages). */
export async function queryApplications(db: DbOrTx, clientId: string, where: SQL[], limit: number) {
  const rows = await db.execute<Row>(sql`SELECT a.id, a.client_id, a.candidate_id, c.first_name, c.last_name, c.email, c.tags,
      a.job_id, j.title AS job_title, a.source, a.stage_id, s.name AS stage_name, s.kind AS stage_kind, a.stage_entered_at,
      a.outcome, a.rejection_reason_id, a.outcome_at, a.version, a.created_at, a.created_at::text AS created_key
    FROM applications a
    JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
    JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
    LEFT JOIN job_stages s ON s.client_id = a.client_id AND s.id = a.stage_id
    WHERE a.client_id = ${clientId} ${where.length ? sql`AND ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit}`);
  return rows.rows;
}

export async function loadApplicationItem(db: DbOrTx, clientId: string, id: string): Promise<ApplicationItem> {
  const [row] = await queryApplications(db, clientId, [sql`a.id = ${id}`], 1);
  if (!row) throw notFound('applicationId', messages.pipeline.applicationNotFound);
  const summary = (await scorecardSummaries(db, clientId, [id])).get(id);
  return serializeApplication(row, Date.now(), summary);
}

const encodeCursor = (x: Row) => Buffer.from(`${x.created_key}|${x.id}`).toString('base64url');
function decodeCursor(c: string): { at: string; id: string } {
  const [at, id] = Buffer.from(c, 'base64url').toString('utf8').split('|');
  if (!at || !id || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/.test(at) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('cursor', messages.server.invalidId);
  return { at, id };
}

/**
 * `GET /api/applications`: the client's applications, newest first, one page at a time (keyset
 * cursor), filtered by job, stage, outcome, source, candidate tag, days in the current stage and the
 * average scorecard rating; each carries its scorecard summary (rating, awaiting feedback).
 * Applications not yet given a stage get their job's first stage first (pipeline/stages.ts).
 */
export const listApplications: Operation<typeof r.listApplications, 'db'> = async (deps, input) => {
  const client = await requireClient(deps, input.actor, input.clientId, PIPELINE_READERS, 'applications');
  const clientId = client.id;
  if (input.jobId) {
    await loadJob(deps.db, clientId, input.jobId);
    await ensureJobStages(deps, { clientId, jobId: input.jobId });
  } else {
    const unstaged = await deps.db.execute<{ job_id: string }>(
      sql`SELECT DISTINCT job_id FROM applications WHERE client_id = ${clientId} AND stage_id IS NULL LIMIT 200`,
    );
    for (const j of unstaged.rows) await ensureJobStages(deps, { clientId, jobId: j.job_id });
  }
  const where: SQL[] = [];
  if (input.jobId) where.push(sql`a.job_id = ${input.jobId}`);
  if (input.stageId) where.push(sql`a.stage_id = ${input.stageId}`);
  if (input.outcome) where.push(sql`a.outcome = ${input.outcome}`);
  if (input.source) where.push(sql`lower(a.source) = lower(${input.source})`);
  if (input.tag) where.push(sql`lower(${input.tag}) = ANY (SELECT lower(t) FROM unnest(c.tags) t)`);
  if (input.minDaysInStage) where.push(sql`coalesce(a.stage_entered_at, a.created_at) <= now() - make_interval(days => ${input.minDaysInStage}::int)`);
  if (input.minRating)
    where.push(sql`a.id IN (SELECT application_id FROM scorecards WHERE client_id = ${clientId}
      GROUP BY application_id HAVING avg(${SCORE}) >= ${input.minRating})`);
  if (input.cursor) {
    const c = decodeCursor(input.cursor);
    where.push(sql`(a.created_at, a.id) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  const limit = input.limit ?? 100;
  const rows = await queryApplications(deps.db, clientId, where, limit + 1);
  const page = rows.slice(0, limit);
  const now = Date.now();
  const summaries = await scorecardSummaries(
    deps.db,
    clientId,
    page.map((x) => x.id),
  );
  return {
    results: page.map((x) => serializeApplication(x, now, summaries.get(x.id))),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null,
  };
};
