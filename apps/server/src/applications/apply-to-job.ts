import { messages } from '@hh/contract/messages';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../core/deps.ts';
import { z } from 'zod';
import type { PrequalificationQuestion } from '../db/schema/jobs.ts';
import { recordEvent } from '../job-analytics/index.ts';
import { questionsForJob } from '../prequalification/index.ts';
import type { JobRow } from '../jobs/index.ts';
import { type CaptchaReplays, verifyCaptcha } from '../core/captcha.ts';
import { recaptchaOf, verifyRecaptcha } from '../core/recaptcha.ts';
import { notifyNewApplication } from './notify-application.ts';
import { type ParseResumeJob, RESUME_PARSE_QUEUE } from './parse-application-resume.ts';
import { type StoredApplication, storeApplication } from './store-application.ts';
import { sniffResume } from '../resume-parser/index.ts';
import { type Limit, recordEvent as countEvent, usage } from '../core/security/rate-events.ts';

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** What an application uses: the app's parts, and its memory of solved captchas (core/captcha.ts). */
export type ApplyDeps = Pick<Deps, 'db' | 'storage' | 'mail' | 'queue' | 'config' | 'log'> & { captchaReplays: CaptchaReplays };

export interface ApplyInput {
  fields: Record<string, string>;
  resume: { buffer: Buffer; filename: string; truncated: boolean } | null;
}

export type ApplyOutcome =
  | { ok: true; applicationId: string; candidateId: string; updated: boolean }
  | { ok: false; status: 400 | 413 | 429; errors: Record<string, string>; retryAfter?: number };

/**
 * Abuse limits on anonymous applications (decision 0400), PostgreSQL counters so they hold
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
 * Career-site apply: validates contact fields, the resume (type sniffed from the bytes,
 * at most 10 MB), the job's prequalification answers and the captcha; stores the resume; then in
 * one transaction stores the application (store-application.ts: a new candidate, or an existing one
 * left as the recruiter has it, with what differs proposed); queues the resume's parse; finally
 * emails the assigned recruiter and records the event.
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
  const questions = await questionsForJob(deps, { clientId: opts.clientId, job: opts.job });
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
  // The application is stored and acknowledged first; the resume is parsed afterwards, off the request
  // thread (the resume-parse queue, in a worker with time and memory limits: parse-application-resume.ts).
  const key = `resumes/${opts.clientId}/${randomUUID()}.${kind.ext}`;
  await deps.storage.put(key, resume.buffer, kind.contentType);
  const tracking: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (k.startsWith('tracking_') && v) tracking[k.slice(9)] = v.slice(0, 200);
  const resumeName = resume.filename.replace(/[^\w. -]/g, '_').slice(0, 200) || `resume.${kind.ext}`;
  const file = { key, name: resumeName, contentType: kind.contentType };

  let result: StoredApplication;
  try {
    result = await deps.db.transaction((tx) =>
      storeApplication(tx, {
        clientId: opts.clientId,
        job: opts.job,
        contact: { firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phoneNumber || null },
        answers,
        tracking,
        file,
        publicUrl: deps.config.publicUrl,
      }),
    );
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }
  await deps.queue.send(RESUME_PARSE_QUEUE, {
    clientId: opts.clientId,
    candidateId: result.candidateId,
    applicationId: result.fileOnApplication ? result.applicationId : null,
    proposalId: result.proposalId,
  } satisfies ParseResumeJob);

  await notifyNewApplication(deps, {
    clientId: opts.clientId,
    job: opts.job,
    candidate: { id: result.candidateId, firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phoneNumber || null },
    answers,
    resume: { filename: resumeName, storageKey: key, contentType: kind.contentType },
    updated: result.updated,
  });
  recordEvent(deps, { clientId: opts.clientId, type: 'application', jobId: opts.job.id });
  return { ok: true, applicationId: result.applicationId, candidateId: result.candidateId, updated: result.updated };
}
