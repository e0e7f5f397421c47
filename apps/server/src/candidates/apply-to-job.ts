import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { z } from 'zod';
import { logActivity } from '../core/activity-log.ts';
import type { PrequalificationQuestion } from '../db/schema/jobs.ts';
import { recordEvent } from '../job-analytics/index.ts';
import { questionsForJob } from '../prequalification/index.ts';
import type { JobRow } from '../jobs/index.ts';
import { type CaptchaReplays, verifyCaptcha } from '../core/captcha.ts';
import { recaptchaOf, verifyRecaptcha } from '../core/recaptcha.ts';
import { recordCandidateEvent, recordConsent } from '../crm/index.ts';
import { notifyNewApplication } from './notify-application.ts';
import { resumeTextOf } from './resume-text.ts';
import { sniffResume } from '../resume-parser/index.ts';
import { type Limit, recordEvent as countEvent, usage } from '../core/security/rate-events.ts';

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** What an application uses: the app's parts, and its memory of solved captchas (core/captcha.ts). */
export type ApplyDeps = Pick<Deps, 'db' | 'storage' | 'mail' | 'config' | 'log'> & { captchaReplays: CaptchaReplays };

export interface ApplyInput {
  fields: Record<string, string>;
  resume: { buffer: Buffer; filename: string; truncated: boolean } | null;
}

export type ApplyOutcome =
  | { ok: true; applicationId: string; candidateId: string; updated: boolean }
  | { ok: false; status: 400 | 413 | 429; errors: Record<string, string>; retryAfter?: number };

/**
 * Abuse limits on anonymous applications (issue 9 finding 9), PostgreSQL counters so they hold
 * across processes: per address, per job, and a per-client daily storage quota for resumes.
 */
export const APPLY_PER_ADDRESS: Limit = { bucket: 'apply-address', max: 10, windowSeconds: 3600 };
export const APPLY_PER_JOB: Limit = { bucket: 'apply-job', max: 200, windowSeconds: 3600 };
export const applyStorageQuota = (deps: Pick<Deps, 'config'>): Limit => ({
  bucket: 'apply-storage',
  max: deps.config.APPLY_DAILY_STORAGE_MB * 1024 * 1024,
  windowSeconds: 86_400,
});

async function overLimit(deps: Pick<Deps, 'db'>, limit: Limit, key: string, amount = 1): Promise<number | null> {
  const { used, retryAfter } = await usage(deps.db, limit, key);
  return used + amount > limit.max ? retryAfter : null;
}

const contact = z.object({
  firstName: z.string().trim().min(1, 'Please enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Please enter your last name').max(100),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid email address')),
  phoneNumber: z.string().trim().max(40).optional(),
});

function checkAnswers(questions: PrequalificationQuestion[], fields: Record<string, string>, errors: Record<string, string>) {
  const answers: Array<{ questionId: string; question: string; answer: string }> = [];
  for (const q of questions) {
    const a = (fields[`q_${q.id}`] ?? '').trim().slice(0, 1000);
    const allowed = q.type === 'yesno' ? ['Yes', 'No'] : q.type === 'select' ? q.options : null;
    if (!a) {
      if (q.required) errors[`q_${q.id}`] = messages.jobs.applyMissingAnswer(q.question);
      continue;
    }
    if (allowed && !allowed.includes(a)) {
      errors[`q_${q.id}`] = messages.jobs.applyMissingAnswer(q.question);
      continue;
    }
    answers.push({ questionId: q.id, question: q.question, answer: a });
  }
  return answers;
}

/**
 * Career-site apply (issue 3): validates contact fields, the resume (type sniffed from the bytes,
 * at most 10 MB), the job's prequalification answers and the captcha; stores the resume; then in
 * one transaction creates or updates the candidate (by email) and the one application per job;
 * finally emails the assigned recruiter and records the event.
 */
export async function applyToJob(deps: ApplyDeps, opts: { clientId: string; job: JobRow; input: ApplyInput; remoteIp?: string }): Promise<ApplyOutcome> {
  const { fields, resume } = opts.input;
  const errors: Record<string, string> = {};
  const parsed = contact.safeParse(fields);
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  if (resume && (resume.truncated || resume.buffer.length > RESUME_MAX_BYTES))
    return { ok: false, status: 413, errors: { _form: messages.jobs.resumeTooLarge, resume: messages.jobs.resumeTooLarge } };
  if (!resume || resume.buffer.length === 0) errors.resume = messages.jobs.resumeMissing;
  const kind = resume?.buffer.length ? sniffResume(resume.buffer) : null;
  if (resume?.buffer.length && !kind) errors.resume = messages.jobs.resumeType;
  const questions = await questionsForJob(deps.db, opts.clientId, opts.job);
  const answers = checkAnswers(questions, fields, errors);
  if (Object.keys(errors).length || !parsed.success || !kind || !resume) {
    return { ok: false, status: 400, errors: { _form: messages.jobs.applyInvalid, ...errors } };
  }
  const human = recaptchaOf(deps.config)
    ? await verifyRecaptcha(deps, fields['g-recaptcha-response'], opts.remoteIp ?? '')
    : await verifyCaptcha(deps, fields.altcha);
  if (!human) return { ok: false, status: 400, errors: { _form: messages.jobs.captchaFailed } };
  const ip = opts.remoteIp ?? 'unknown';
  for (const [limit, key, amount, message] of [
    [APPLY_PER_ADDRESS, ip, 1, messages.security.applyTooMany],
    [APPLY_PER_JOB, opts.job.id, 1, messages.security.applyTooMany],
    [applyStorageQuota(deps), opts.clientId, resume.buffer.length, messages.security.storageQuota],
  ] as const) {
    const wait = await overLimit(deps, limit, key, amount);
    if (wait !== null) return { ok: false, status: 429, errors: { _form: message }, retryAfter: wait };
  }
  await countEvent(deps.db, APPLY_PER_ADDRESS, ip);
  await countEvent(deps.db, APPLY_PER_JOB, opts.job.id);
  await countEvent(deps.db, applyStorageQuota(deps), opts.clientId, resume.buffer.length);

  const c = parsed.data;
  const resumeText = await resumeTextOf(resume.buffer, kind.contentType, resume.filename, deps.log);
  const key = `resumes/${opts.clientId}/${randomUUID()}.${kind.ext}`;
  await deps.storage.put(key, resume.buffer, kind.contentType);
  const tracking: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (k.startsWith('tracking_') && v) tracking[k.slice(9)] = v.slice(0, 200);
  const resumeName = resume.filename.replace(/[^\w. -]/g, '_').slice(0, 200) || `resume.${kind.ext}`;

  let result: { applicationId: string; candidateId: string; updated: boolean };
  try {
    result = await deps.db
      .transaction(async (tx) => {
        // updated_at = EXCLUDED.updated_at (the column default, now()): Citus refuses now() in DO UPDATE SET (docs/scaling.md).
        const cand = await tx.execute<{ id: string }>(sql`
        INSERT INTO candidates (client_id, first_name, last_name, email, phone, source, resume_text)
        VALUES (${opts.clientId}, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phoneNumber || null}, 'careersite', ${resumeText})
        ON CONFLICT (client_id, lower(email)) DO UPDATE
          SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
              phone = coalesce(EXCLUDED.phone, candidates.phone),
              resume_text = CASE WHEN EXCLUDED.resume_text <> '' THEN EXCLUDED.resume_text ELSE candidates.resume_text END,
              updated_at = EXCLUDED.updated_at, last_activity_at = EXCLUDED.updated_at
        RETURNING id`);
        const candidateId = cand.rows[0].id;
        // The earlier application of this person to this job, locked; then one upsert. (No CTE or xmax in the
        // upsert: Citus plans neither in a distributed INSERT … ON CONFLICT, docs/scaling.md.)
        const before = await tx.execute<{ resume_key: string | null }>(sql`
        SELECT resume_key FROM applications WHERE client_id = ${opts.clientId} AND job_id = ${opts.job.id} AND candidate_id = ${candidateId} FOR UPDATE`);
        const upserted = await tx.execute<{ id: string }>(sql`
        INSERT INTO applications (client_id, candidate_id, job_id, source, answers, resume_key, resume_name, resume_content_type, tracking)
        VALUES (${opts.clientId}, ${candidateId}, ${opts.job.id}, 'careersite', ${JSON.stringify(answers)}::jsonb, ${key}, ${resumeName}, ${kind.contentType}, ${JSON.stringify(tracking)}::jsonb)
        ON CONFLICT (client_id, job_id, candidate_id) DO UPDATE
          SET answers = EXCLUDED.answers, resume_key = EXCLUDED.resume_key, resume_name = EXCLUDED.resume_name,
              resume_content_type = EXCLUDED.resume_content_type, tracking = EXCLUDED.tracking, updated_at = EXCLUDED.updated_at
        RETURNING id`);
        const appRow = { rows: [{ id: upserted.rows[0].id, inserted: before.rows.length === 0, old_key: before.rows[0]?.resume_key ?? null }] };
        const a = appRow.rows[0];
        await logActivity(tx, {
          actor: null,
          clientId: opts.clientId,
          action: a.inserted ? 'create' : 'update',
          entity: 'application',
          entityId: a.id,
          changes: { jobId: opts.job.id, candidateId },
        });
        await recordCandidateEvent(tx, {
          clientId: opts.clientId,
          candidateId,
          actor: null,
          type: 'applied',
          data: { jobId: opts.job.id, jobTitle: opts.job.title, source: 'careersite', applicationId: a.id, updated: !a.inserted },
        });
        // The consent sentence the apply form showed (sites/job-page.ts renders the same text).
        await recordConsent(tx, { clientId: opts.clientId, candidateId, applicationId: a.id, source: 'careersite', publicUrl: deps.config.publicUrl });
        return { applicationId: a.id, candidateId, updated: !a.inserted, oldKey: a.old_key };
      })
      .then(async (r) => {
        if (r.oldKey && r.oldKey !== key) await deps.storage.remove(r.oldKey);
        return r;
      });
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }

  await notifyNewApplication(deps, {
    clientId: opts.clientId,
    job: opts.job,
    candidate: { id: result.candidateId, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phoneNumber || null },
    answers,
    resume: { filename: resumeName, storageKey: key, contentType: kind.contentType },
    updated: result.updated,
  });
  recordEvent(deps, opts.clientId, 'application', opts.job.id);
  return { ok: true, ...result };
}
