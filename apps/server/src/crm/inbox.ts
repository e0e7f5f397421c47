import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { notFound } from '../lib/app-error.ts';
import { recordCandidateEvent } from './events.ts';
import { CANDIDATE_READERS } from './rights.ts';

type Row = {
  id: string;
  candidate_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  cstatus: string;
  job_id: string;
  title: string | null;
  source: string;
  status: string;
  answers: Array<{ questionId?: string; question?: string; answer?: string }>;
  resume_key: string | null;
  resume_name: string | null;
  resume_content_type: string | null;
  created_at: string;
};

/** The applications inbox (recruiters start from new applications, not from the candidate store): newest first, all jobs or one, optionally only unopened ones. */
export const listApplications: Operation<typeof r.listApplications, 'db'> = async (deps, q) => {
  const clientId = (await requireClient(deps, q.actor, q.clientId, CANDIDATE_READERS, 'candidates')).id;
  const db = deps.db;
  const where = sql`a.client_id = ${clientId} AND a.source <> 'recruiter'
    ${q.jobId ? sql`AND a.job_id = ${q.jobId}` : sql``} ${q.onlyNew ? sql`AND a.status = 'new'` : sql``}`;
  const [page, count] = await Promise.all([
    db.execute<Row>(sql`
      SELECT a.id, a.candidate_id, c.first_name, c.last_name, c.email, c.phone, c.status AS cstatus, a.job_id, j.title, a.source, a.status,
             a.answers, a.resume_key, a.resume_name, a.resume_content_type, a.created_at
        FROM applications a
        JOIN candidates c ON c.client_id = a.client_id AND c.id = a.candidate_id
        LEFT JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
       WHERE ${where} ORDER BY a.created_at DESC, a.id LIMIT ${q.pageSize} OFFSET ${(q.pageNumber - 1) * q.pageSize}`),
    db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM applications a WHERE ${where}`),
  ]);
  return {
    results: page.rows.map((r) => ({
      _id: r.id,
      candidateId: r.candidate_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      phone: r.phone,
      candidateStatus: r.cstatus,
      jobId: r.job_id,
      jobTitle: r.title ?? '',
      source: r.source,
      status: r.status,
      answers: (Array.isArray(r.answers) ? r.answers : []).map((x) => ({
        questionId: x.questionId,
        question: String(x.question ?? ''),
        answer: String(x.answer ?? ''),
      })),
      resume: r.resume_key
        ? {
            name: r.resume_name ?? 'resume',
            blobPath: r.resume_key,
            contentType: r.resume_content_type ?? 'application/octet-stream',
            kind: 'resume',
            size: null,
            createdAt: new Date(r.created_at).toISOString(),
          }
        : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    totalCount: count.rows[0].n,
  };
};

/** Marks an application opened (`reviewed`) or new again; opening counts as the first response in the timeline. */
export const updateApplication: Operation<typeof r.updateApplication, 'db'> = async (deps, q) => {
  const clientId = (await requireClient(deps, q.actor, q.clientId, CANDIDATE_READERS, 'candidates')).id;
  const actor = q.actor;
  return deps.db.transaction(async (tx) => {
    const r = await tx.execute<{ candidate_id: string; old: string }>(sql`
      UPDATE applications a SET status = ${q.status}, updated_at = now()
        FROM (SELECT status FROM applications WHERE client_id = ${clientId} AND id = ${q._id}) old
       WHERE a.client_id = ${clientId} AND a.id = ${q._id} RETURNING a.candidate_id, old.status AS old`);
    const row = r.rows[0];
    if (!row) throw notFound('applications', messages.crm.applicationNotFound);
    if (row.old !== q.status)
      await recordCandidateEvent(
        { db: tx },
        {
          clientId,
          candidateId: row.candidate_id,
          actor,
          type: 'viewed',
          data: { applicationId: q._id, status: q.status },
        },
      );
    return { message: messages.crm.applicationUpdated };
  });
};
