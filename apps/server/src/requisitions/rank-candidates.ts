import type { RankedCandidate, RankedCandidatesReply } from '@hh/contract/requisitions';
import { sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import { getKeywords, type KeywordDeps } from './get-keywords.ts';
import { pgArray } from './pg-array.ts';
import { resolveRequisition } from './resolve-requisition.ts';

/** A recruiter's keyword counts fully; an AI keyword by its TF-IDF weight, halved (the recruiter knows the job best). */
export const USER_WEIGHT = 1;
export const AI_FACTOR = 0.5;
/** Applicants ranked per request; a requisition with more is ranked on its most recent ones. */
export const RANK_MAX_APPLICANTS = 5000;

interface Row extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  app_status: string;
  applied_at: Date;
  skills: string[];
  resume_text: string;
  hits: Array<{ i: number; resume: boolean; skills: boolean }> | null;
}

function snippetOf(text: string, keywords: string[]): string {
  const flat = text.replace(/\s+/g, ' ');
  for (const k of keywords) {
    const words = k.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])(${words.join('\\s+')})`, 'iu');
    const m = re.exec(flat);
    if (m) {
      const at = m.index + m[1].length;
      const start = Math.max(0, at - 70);
      const end = Math.min(flat.length, at + m[2].length + 70);
      return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
    }
  }
  return flat.slice(0, 140) + (flat.length > 140 ? '…' : '');
}

function explain(matchedUser: string[], userTotal: number, matchedAi: string[], aiTotal: number, missingUser: string[]): string {
  const parts: string[] = [];
  if (userTotal)
    parts.push(`Matches ${matchedUser.length} of ${userTotal} recruiter keywords${matchedUser.length ? ` (${matchedUser.slice(0, 5).join(', ')})` : ''}`);
  if (aiTotal)
    parts.push(
      `${parts.length ? 'and' : 'Matches'} ${matchedAi.length} of ${aiTotal} AI keywords${matchedAi.length ? ` (${matchedAi.slice(0, 5).join(', ')})` : ''}`,
    );
  let s = parts.join(' ') || 'No keywords are set for this requisition';
  if (missingUser.length) s += `; missing ${missingUser.slice(0, 5).join(', ')}`;
  return `${s}.`;
}

/**
 * GET api/crm/requisition/{jobId}/candidates: the job's applicants ranked by how well their resume
 * text and skills match the requisition's keywords (both lists). A keyword matches the resume when
 * PostgreSQL's English full-text search finds the phrase (so "nurses" matches "nurse"), and the
 * skills when a skill contains it. Score = matched weight / total weight, 0-100; ties by newest application.
 */
export async function rankCandidates(
  deps: KeywordDeps,
  opts: {
    actor: Actor;
    jobId: string;
    clientHint?: string;
    query: { pageNumber: number; pageSize: number; matchedOnly?: boolean };
  },
): Promise<RankedCandidatesReply> {
  const { db } = deps;
  const { actor, query } = opts;
  const job = await resolveRequisition(db, actor, opts.jobId, opts.clientHint);
  const kw = await getKeywords(deps, { actor, jobId: job.id, clientHint: job.client_id });
  const userSet = new Set(kw.userKeywords.map((k) => k.toLowerCase()));
  const list = [
    ...kw.userKeywords.map((k) => ({ keyword: k, source: 'user' as const, weight: USER_WEIGHT })),
    ...kw.aiKeywords
      .filter((k) => !userSet.has(k.keyword.toLowerCase()))
      .map((k) => ({ keyword: k.keyword, source: 'ai' as const, weight: k.weight * AI_FACTOR })),
  ];
  const words = list.map((k) => k.keyword);
  const r = await db.execute<Row>(sql`
    WITH kw AS (
      SELECT i, phraseto_tsquery('english', k) AS q FROM unnest(${pgArray(words)}::text[]) WITH ORDINALITY AS t(k, i)
    ), apps AS (
      SELECT a.candidate_id, a.status AS app_status, a.created_at AS applied_at
        FROM applications a WHERE a.client_id = ${job.client_id} AND a.job_id = ${job.id}
       ORDER BY a.created_at DESC LIMIT ${RANK_MAX_APPLICANTS}
    )
    SELECT c.id, c.first_name, c.last_name, c.email, c.status, apps.app_status, apps.applied_at, c.skills,
           left(c.resume_text, 20000) AS resume_text,
           (SELECT json_agg(json_build_object('i', h.i, 'resume', h.resume, 'skills', h.skills)) FROM (
              SELECT kw.i,
                     numnode(kw.q) > 0 AND to_tsvector('english', left(c.resume_text, 100000)) @@ kw.q AS resume,
                     numnode(kw.q) > 0 AND to_tsvector('english', array_to_string(c.skills, ' , ')) @@ kw.q AS skills
                FROM kw) h WHERE h.resume OR h.skills) AS hits
      FROM apps JOIN candidates c ON c.client_id = ${job.client_id} AND c.id = apps.candidate_id`);
  const totalWeight = list.reduce((n, k) => n + k.weight, 0);
  const ranked: Array<RankedCandidate & { at: number }> = r.rows.map((row) => {
    const hit = new Map((row.hits ?? []).map((h) => [h.i - 1, h]));
    const matched = list.flatMap((k, i) => {
      const h = hit.get(i);
      if (!h) return [];
      const where: Array<'skills' | 'resume'> = [];
      if (h.skills) where.push('skills');
      if (h.resume) where.push('resume');
      return [{ keyword: k.keyword, source: k.source, weight: Math.round(k.weight * 1000) / 1000, in: where }];
    });
    const missing = list.filter((_k, i) => !hit.has(i)).map((k) => ({ keyword: k.keyword, source: k.source }));
    const got = matched.reduce((n, m) => n + m.weight, 0);
    const score = totalWeight ? Math.round((1000 * got) / totalWeight) / 10 : 0;
    const mu = matched.filter((m) => m.source === 'user').map((m) => m.keyword);
    const ma = matched.filter((m) => m.source === 'ai').map((m) => m.keyword);
    return {
      _id: row.id,
      doc_id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      status: row.status,
      applicationStatus: row.app_status,
      appliedAt: new Date(row.applied_at).toISOString(),
      skills: row.skills ?? [],
      score,
      matched,
      missing,
      explanation: explain(
        mu,
        kw.userKeywords.length,
        ma,
        list.length - kw.userKeywords.length,
        missing.filter((m) => m.source === 'user').map((m) => m.keyword),
      ),
      snippet: snippetOf(
        row.resume_text ?? '',
        matched.filter((m) => m.in.includes('resume')).map((m) => m.keyword),
      ),
      at: new Date(row.applied_at).getTime(),
    };
  });
  const kept = query.matchedOnly ? ranked.filter((c) => c.matched.length > 0) : ranked;
  kept.sort((a, b) => b.score - a.score || b.at - a.at || a._id.localeCompare(b._id));
  const page = kept.slice((query.pageNumber - 1) * query.pageSize, query.pageNumber * query.pageSize);
  return { results: page.map(({ at: _at, ...c }) => c), totalCount: kept.length };
}
