import type { RankedCandidate, requisitionRoutes as r } from '@hh/contract/requisitions';
import { sql } from 'drizzle-orm';
import { requireRight } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { keywordsOf } from './get-keywords.ts';
import { formsOf } from './lexicon.ts';
import { pgArray } from './pg-array.ts';
import { resolveRequisition } from './resolve-requisition.ts';
import { REQUISITION_READERS } from './rights.ts';

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

/** 0-100 with one decimal: the matched keywords' weight as a share of all keywords' weight. */
export function scoreOf(matchedWeight: number, totalWeight: number): number {
  return totalWeight ? Math.round((1000 * matchedWeight) / totalWeight) / 10 : 0;
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

/**
 * The score in words, by the terms that made it: the matched recruiter keywords, then the matched AI
 * keywords, each with the points it brought (its share of all keywords' weight, strongest first),
 * then the recruiter's keywords the applicant lacks.
 */
export function explain(
  score: number,
  matched: Array<{ keyword: string; source: 'user' | 'ai'; weight: number }>,
  totals: { weight: number; user: number; ai: number },
  missingUser: string[],
): string {
  if (!totals.weight) return 'No keywords are set for this requisition.';
  const pts = (w: number) => Math.round((1000 * w) / totals.weight) / 10;
  const group = (source: 'user' | 'ai', label: string) => {
    const list = matched.filter((m) => m.source === source).sort((a, b) => b.weight - a.weight);
    return list.length ? [`${label} ${list.map((m) => `${m.keyword} (+${pts(m.weight)})`).join(', ')}`] : [];
  };
  let s: string;
  if (matched.length) {
    const groups = [...group('user', 'recruiter keywords'), ...group('ai', 'AI keywords')];
    s = `${score} % from ${matched.length} matched term${matched.length === 1 ? '' : 's'}: ${groups.join('; ')}`;
  } else {
    const lists = [totals.user ? `${totals.user} recruiter keywords` : '', totals.ai ? `${totals.ai} AI keywords` : ''].filter(Boolean);
    s = `Matches none of the ${lists.join(' and ')}`;
  }
  if (missingUser.length) s += `; missing recruiter keywords ${missingUser.slice(0, 5).join(', ')}`;
  return `${s}.`;
}

/**
 * GET api/crm/requisition/{jobId}/candidates: the job's applicants ranked by how well their resume
 * text and skills match the requisition's keywords (both lists). A keyword matches the resume when
 * PostgreSQL's English full-text search finds the phrase (so "nurses" matches "nurse"), and the
 * skills when a skill contains it. Score = matched weight / total weight, 0-100; ties by newest application.
 */
export const rankCandidates: Operation<typeof r.rankCandidates, 'db'> = async (deps, input) => {
  requireRight(input.actor, REQUISITION_READERS, 'requisition');
  const { db } = deps;
  const { actor } = input;
  const query = input;
  const job = await resolveRequisition(db, actor, input.jobId, input.clientId);
  const kw = await keywordsOf(deps, { actor, jobId: job.id, clientHint: job.client_id });
  const userSet = new Set(kw.userKeywords.map((k) => k.toLowerCase()));
  const list = [
    ...kw.userKeywords.map((k) => ({ keyword: k, source: 'user' as const, weight: USER_WEIGHT })),
    ...kw.aiKeywords
      .filter((k) => !userSet.has(k.keyword.toLowerCase()))
      .map((k) => ({ keyword: k.keyword, source: 'ai' as const, weight: k.weight * AI_FACTOR })),
  ];
  // Each keyword matches by any of its written forms ("RN" also as "registered nurse").
  const forms = list.flatMap((k, i) => formsOf(k.keyword).map((f) => ({ i: i + 1, f })));
  const r = await db.execute<Row>(sql`
    WITH kw AS (
      SELECT i, phraseto_tsquery('english', f) AS q
        FROM unnest(${pgArray(forms.map((x) => String(x.i)))}::int[], ${pgArray(forms.map((x) => x.f))}::text[]) AS t(i, f)
    ), apps AS (
      SELECT a.candidate_id, a.status AS app_status, a.created_at AS applied_at
        FROM applications a WHERE a.client_id = ${job.client_id} AND a.job_id = ${job.id}
       ORDER BY a.created_at DESC LIMIT ${RANK_MAX_APPLICANTS}
    )
    SELECT c.id, c.first_name, c.last_name, c.email, c.status, apps.app_status, apps.applied_at, c.skills,
           left(c.resume_text, 20000) AS resume_text,
           (SELECT json_agg(json_build_object('i', h.i, 'resume', h.resume, 'skills', h.skills)) FROM (
              SELECT kw.i,
                     bool_or(numnode(kw.q) > 0 AND to_tsvector('english', left(c.resume_text, 100000)) @@ kw.q) AS resume,
                     bool_or(numnode(kw.q) > 0 AND to_tsvector('english', array_to_string(c.skills, ' , ')) @@ kw.q) AS skills
                FROM kw GROUP BY kw.i) h WHERE h.resume OR h.skills) AS hits
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
    const score = scoreOf(got, totalWeight);
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
        score,
        matched,
        { weight: totalWeight, user: kw.userKeywords.length, ai: list.length - kw.userKeywords.length },
        missing.filter((m) => m.source === 'user').map((m) => m.keyword),
      ),
      snippet: snippetOf(
        row.resume_text ?? '',
        matched.filter((m) => m.in.includes('resume')).flatMap((m) => formsOf(m.keyword)),
      ),
      at: new Date(row.applied_at).getTime(),
    };
  });
  const kept = query.matchedOnly ? ranked.filter((c) => c.matched.length > 0) : ranked;
  kept.sort((a, b) => b.score - a.score || b.at - a.at || a._id.localeCompare(b._id));
  const page = kept.slice((query.pageNumber - 1) * query.pageSize, query.pageNumber * query.pageSize);
  return { results: page.map(({ at: _at, ...c }) => c), totalCount: kept.length };
};
