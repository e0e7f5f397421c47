import type { Candidate } from '@hh/contract/crm';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import type { candidates } from '../db/schema/candidates.ts';
import { ensureJobStages } from '../pipeline/index.ts';

export type CandidateRow = typeof candidates.$inferSelect;
type File = Candidate['files'][number];
type App = Candidate['applications'][number];

const iso = (d: Date | string) => new Date(d).toISOString();
export const pgUuidArray = (ids: string[]) => `{${ids.join(',')}}`;
export const pgTextArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;

/**
 * Candidates as the API shows them, with what lives in other tables loaded for the whole page at
 * once: applications (with job titles and answers), files (resumes of applications and uploads),
 * the caller's favourites and the assigned jobs.
 */
export async function hydrateCandidates(
  db: DbOrTx,
  clientId: string,
  userId: string | null,
  rows: CandidateRow[],
  extra: Map<string, { highlight?: string; distance?: number | null }> = new Map(),
): Promise<Candidate[]> {
  if (!rows.length) return [];
  const ids = pgUuidArray(rows.map((r) => r.id));
  const emails = pgTextArray([...new Set(rows.map((r) => r.email.trim().toLowerCase()).filter(Boolean))]);
  const [apps, files, favs, unsubscribed] = await Promise.all([
    db.execute<{
      id: string;
      candidate_id: string;
      job_id: string;
      title: string | null;
      reference_number: string | null;
      source: string;
      status: string;
      stage_id: string | null;
      stage_name: string | null;
      outcome: 'active' | 'rejected' | 'withdrawn';
      answers: App['answers'];
      resume_key: string | null;
      resume_name: string | null;
      resume_content_type: string | null;
      created_at: string;
    }>(sql`SELECT a.id, a.candidate_id, a.job_id, j.title, j.reference_number, a.source, a.status, a.answers, a.resume_key, a.resume_name,
                  a.resume_content_type, a.created_at, a.outcome,
                  -- The stage per job (pipeline/); an application the apply paths stored without one is in its job's first stage.
                  coalesce(a.stage_id, (SELECT f.id FROM job_stages f WHERE f.client_id = ${clientId} AND f.job_id = a.job_id ORDER BY f.position LIMIT 1)) AS stage_id,
                  coalesce(s.name, (SELECT f.name FROM job_stages f WHERE f.client_id = ${clientId} AND f.job_id = a.job_id ORDER BY f.position LIMIT 1)) AS stage_name
             FROM applications a LEFT JOIN jobs j ON j.client_id = a.client_id AND j.id = a.job_id
             LEFT JOIN job_stages s ON s.client_id = a.client_id AND s.id = a.stage_id
            WHERE a.client_id = ${clientId} AND a.candidate_id = ANY(${ids}::uuid[]) ORDER BY a.created_at DESC`),
    db.execute<{ owner_id: string; storage_key: string; content_type: string; size_bytes: string; kind: string; created_at: string }>(
      sql`SELECT owner_id, storage_key, content_type, size_bytes, kind, created_at FROM files
           WHERE client_id = ${clientId} AND owner_id = ANY(${ids}::uuid[]) AND kind IN ('resume', 'candidate_file') ORDER BY created_at DESC`,
    ),
    userId
      ? db.execute<{ candidate_id: string }>(
          sql`SELECT candidate_id FROM candidate_favorites WHERE client_id = ${clientId} AND user_id = ${userId} AND candidate_id = ANY(${ids}::uuid[])`,
        )
      : Promise.resolve({ rows: [] as Array<{ candidate_id: string }> }),
    // Unsubscribed from the client's campaigns (crm/campaigns): shown on the candidate.
    db.execute<{ email: string }>(sql`SELECT email FROM campaign_unsubscribes WHERE client_id = ${clientId} AND email = ANY(${emails}::text[])`),
  ]);
  // A job whose pipeline was never opened has no stages yet: it gets them now (pipeline/, once per job).
  for (const jobId of new Set(apps.rows.filter((a) => !a.stage_id).map((a) => a.job_id))) {
    const [first] = await ensureJobStages({ db }, { clientId, jobId });
    for (const a of apps.rows) if (a.job_id === jobId && !a.stage_id && first) Object.assign(a, { stage_id: first.id, stage_name: first.name });
  }
  const unsubSet = new Set(unsubscribed.rows.map((u) => u.email));
  const favSet = new Set(favs.rows.map((f) => f.candidate_id));
  const appsBy = new Map<string, App[]>();
  const filesBy = new Map<string, File[]>();
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const sizes = new Map(files.rows.map((f) => [f.storage_key, Number(f.size_bytes)]));
  for (const a of apps.rows) {
    const resume: File | null = a.resume_key
      ? {
          name: a.resume_name ?? 'resume',
          blobPath: a.resume_key,
          contentType: a.resume_content_type ?? 'application/octet-stream',
          kind: 'resume',
          size: sizes.get(a.resume_key) ?? null,
          createdAt: iso(a.created_at),
        }
      : null;
    push(appsBy, a.candidate_id, {
      _id: a.id,
      jobId: a.job_id,
      jobTitle: a.title ?? '',
      jobReference: a.reference_number,
      source: a.source,
      status: a.status,
      stageId: a.stage_id,
      stageName: a.stage_name,
      outcome: a.outcome,
      answers: Array.isArray(a.answers)
        ? a.answers.map((x) => ({ questionId: x.questionId, question: String(x.question ?? ''), answer: String(x.answer ?? '') }))
        : [],
      resume,
      createdAt: iso(a.created_at),
    });
    if (resume) push(filesBy, a.candidate_id, resume);
  }
  for (const f of files.rows) {
    const list = filesBy.get(f.owner_id) ?? [];
    if (list.some((x) => x.blobPath === f.storage_key)) continue;
    push(filesBy, f.owner_id, {
      name: f.storage_key.split('/').pop() ?? 'file',
      blobPath: f.storage_key,
      contentType: f.content_type,
      kind: f.kind === 'resume' ? 'resume' : 'file',
      size: Number(f.size_bytes),
      createdAt: iso(f.created_at),
    });
  }
  return rows.map((r) => {
    const applications = appsBy.get(r.id) ?? [];
    const x = extra.get(r.id);
    return {
      _id: r.id,
      doc_id: r.id,
      clientId: r.clientId,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address: { city: r.city, state: r.state, zipCode: r.zipCode, country: r.country },
      source: r.source,
      tags: r.tags,
      status: r.status,
      favorite: favSet.has(r.id),
      assignedJobs: [...new Set(applications.map((a) => a.jobId))],
      resumeText: r.resumeText,
      skills: r.skills,
      experience: r.experience,
      education: r.education,
      files: filesBy.get(r.id) ?? [],
      applications,
      consent: r.consent ?? null,
      unsubscribed: unsubSet.has(r.email.trim().toLowerCase()),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      ...(x?.highlight !== undefined ? { highlight: x.highlight } : {}),
      ...(x?.distance !== undefined ? { distance: x.distance } : {}),
    };
  });
}
