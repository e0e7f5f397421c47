import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { indeedApplication } from '@hh/contract/feed';
import { messages } from '@hh/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { feedRoutes as r } from '@hh/contract/feed';
import { logActivity } from '../core/activity-log.ts';
import type { Operation } from '../core/operation.ts';
import type { Db } from '../db/client.ts';
import { applications } from '../db/schema/candidates.ts';
import { files } from '../db/schema/core.ts';
import { jobs } from '../db/schema/jobs.ts';
import { AppError, badRequest, conflict, notFound, tooLarge } from '../lib/app-error.ts';
import type { Storage } from '../plugins/storage.ts';
import { type NewApplicationNotice, notifyNewApplication, resumeTextOf } from '../applications/index.ts';
import { recordCandidateEvent, recordConsent } from '../crm/index.ts';
import { isUuid } from '../lib/uuid.ts';

/** Decoded resume cap. The route's body limit (15 MB) bounds the base64 text before this. */
export const RESUME_MAX_BYTES = 10 * 1024 * 1024;
const KEY = 'indeedApply';
const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}\s*$/;

/**
 * "POST authenticity": X-Indeed-Signature is base64(HMAC-SHA1(raw body, API secret))
 * (https://docs.indeed.com/indeed-apply/application-data-delivery). Compared in constant time.
 */
export function verifyIndeedSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac('sha1', secret).update(raw).digest();
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const signIndeedBody = (raw: Buffer | string, secret: string) => createHmac('sha1', secret).update(raw).digest('base64');

function splitName(full: string | undefined, first?: string, last?: string): { firstName: string; lastName: string } {
  if (first || last) return { firstName: first ?? '', lastName: last ?? '' };
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

const safeFileName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-120) || 'resume';

/** A readable line of Indeed's question-and-answer item (shapes vary: strings, { label, value }, lists); null when there is none. */
function readable(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(readable).filter(Boolean).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return readable(o.label ?? o.question ?? o.text ?? o.value ?? o.answer ?? '');
  }
  return '';
}

export function readableAnswers(items: unknown[]): Array<{ question: string; answer: string }> {
  const out: Array<{ question: string; answer: string }> = [];
  for (const it of items) {
    if (!it || typeof it !== 'object') continue;
    const o = it as Record<string, unknown>;
    const question = readable(o.question).slice(0, 500);
    const answer = readable(o.answer).slice(0, 2000);
    if (question || answer) out.push({ question, answer });
  }
  return out;
}

/**
 * Indeed Apply's application postback for one client: verify the signature over the raw body,
 * then create the candidate (or reuse the one with this email), the application (source
 * 'indeed', external_id = Indeed's apply id) and the resume file, in one transaction.
 * The same apply id twice -> 409 and nothing new. Nothing is stored before the signature checks out.
 * The candidate's timeline records the application; the returned notice is what the recruiters
 * and the applicant are emailed (the route sends it after the reply is decided, as for career-site applies).
 * `resumeText` reads the resume's text for search (candidates/resume-text.ts).
 */
async function storeApplication(
  db: Db,
  storage: Storage,
  opts: {
    nameSlug: string;
    raw: Buffer;
    signature: string | undefined;
    resumeText?: (bytes: Buffer, contentType: string, fileName: string) => Promise<string>;
    /** The product's address, for the link to the client's privacy notice in the consent record. */
    publicUrl?: string;
  },
): Promise<{ applicationId: string; candidateId: string; notice: NewApplicationNotice }> {
  const found = await db.execute<{ id: string; secret: string | null }>(
    sql`SELECT id, indeed_api_secret AS secret FROM clients WHERE lower(name_slug) = lower(${opts.nameSlug}) LIMIT 1`,
  );
  const client = found.rows[0];
  if (!client) throw notFound(KEY, messages.server.clientNotFound);
  if (!client.secret) throw new AppError(401, KEY, messages.feed.secretMissing);
  if (!verifyIndeedSignature(opts.raw, opts.signature, client.secret)) throw new AppError(401, KEY, messages.feed.signatureInvalid);

  let json: unknown;
  try {
    json = JSON.parse(opts.raw.toString('utf8'));
  } catch {
    throw badRequest('body', messages.server.malformedJson);
  }
  const parsed = indeedApplication.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(KEY, messages.feed.postbackInvalid(`${issue.path.join('.') || 'body'}: ${issue.message}`));
  }
  const app = parsed.data;
  if (!isUuid(app.job.jobId)) throw notFound(KEY, messages.feed.jobNotFound);
  const [job] = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      referenceNumber: jobs.referenceNumber,
      recruiterEmail: jobs.recruiterEmail,
      recruitersAssigned: jobs.recruitersAssigned,
    })
    .from(jobs)
    .where(and(eq(jobs.clientId, client.id), eq(jobs.id, app.job.jobId)))
    .limit(1);
  if (!job) throw notFound(KEY, messages.feed.jobNotFound);

  const [dup] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.clientId, client.id), eq(applications.source, 'indeed'), eq(applications.externalId, app.id)))
    .limit(1);
  if (dup) throw conflict(KEY, messages.feed.duplicateApply);

  const file = app.applicant.resume?.file;
  let resume: Buffer | null = null;
  if (file) {
    if (!BASE64.test(file.data)) throw badRequest(KEY, messages.feed.resumeEncoding);
    resume = Buffer.from(file.data, 'base64');
    if (resume.length > RESUME_MAX_BYTES) throw tooLarge(KEY, messages.feed.resumeTooLarge(RESUME_MAX_BYTES / 1024 / 1024));
  }

  const applicationId = randomUUID();
  const storageKey = file && resume ? `resumes/${client.id}/${applicationId}/${safeFileName(file.fileName)}` : null;
  const contentType = file?.contentType || 'application/octet-stream';
  if (storageKey && resume) await storage.put(storageKey, resume, contentType);
  const { firstName, lastName } = splitName(app.applicant.fullName, app.applicant.firstName, app.applicant.lastName);
  const answers = app.questionsAndAnswers ?? app.questions?.questionsAndAnswers ?? [];
  const resumeText = resume && file && opts.resumeText ? await opts.resumeText(resume, contentType, file.fileName) : '';

  try {
    return await db.transaction(async (tx) => {
      // Upsert by (client, lower(email)): a known candidate gets the new application (with its own file),
      // not a second record, and keeps what the recruiter has: only an empty phone or resume text is filled.
      // updated_at = EXCLUDED.updated_at (the column default, now()): Citus refuses now() in DO UPDATE SET (docs/scaling.md).
      const cand = await tx.execute<{ id: string }>(sql`
        INSERT INTO candidates (client_id, first_name, last_name, email, phone, source, resume_text)
        VALUES (${client.id}, ${firstName}, ${lastName}, ${app.applicant.email}, ${app.applicant.phoneNumber ?? null}, 'indeed', ${resumeText})
        ON CONFLICT (client_id, lower(email)) DO UPDATE
          SET phone = coalesce(candidates.phone, EXCLUDED.phone),
              resume_text = CASE WHEN coalesce(candidates.resume_text, '') = '' THEN EXCLUDED.resume_text ELSE candidates.resume_text END,
              updated_at = EXCLUDED.updated_at
        RETURNING id`);
      const candidateId = cand.rows[0].id;
      await tx.insert(applications).values({
        clientId: client.id,
        id: applicationId,
        candidateId,
        jobId: job.id,
        source: 'indeed',
        externalId: app.id,
        answers,
        resumeKey: storageKey,
        resumeName: file?.fileName ?? null,
        resumeContentType: file ? contentType : null,
        tracking: { utm_source: 'Indeed', indeedApplyId: app.id, ...(app.appliedOnMillis ? { appliedOn: new Date(app.appliedOnMillis).toISOString() } : {}) },
      });
      if (storageKey && resume) {
        await tx.insert(files).values({ clientId: client.id, ownerId: candidateId, storageKey, contentType, sizeBytes: resume.length, kind: 'resume' });
      }
      await logActivity(tx, {
        actor: null,
        clientId: client.id,
        action: 'create',
        entity: 'application',
        entityId: applicationId,
        changes: { source: 'indeed', jobId: job.id, indeedApplyId: app.id },
      });
      await recordCandidateEvent(
        { db: tx },
        {
          clientId: client.id,
          candidateId,
          actor: null,
          type: 'applied',
          data: { jobId: job.id, jobTitle: job.title, source: 'indeed', applicationId, updated: false },
        },
      );
      // Consent was given on Indeed's form under Indeed's terms; the record says so and names the client's notice.
      await recordConsent({ db: tx }, { clientId: client.id, candidateId, applicationId, source: 'indeed', publicUrl: opts.publicUrl ?? '' });
      const notice: NewApplicationNotice = {
        clientId: client.id,
        job,
        candidate: { id: candidateId, firstName, lastName, email: app.applicant.email, phone: app.applicant.phoneNumber ?? null },
        answers: readableAnswers(answers),
        resume: storageKey && file ? { filename: file.fileName, storageKey, contentType } : null,
        updated: false,
      };
      return { applicationId, candidateId, notice };
    });
  } catch (err) {
    if (storageKey) await storage.remove(storageKey);
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = e.code ?? e.cause?.code;
    const constraint = e.constraint ?? e.cause?.constraint ?? '';
    if (code === '23505') {
      // A concurrent repeat of the same apply id, or the same person applying to the same job again.
      throw conflict(KEY, constraint.includes('external') ? messages.feed.duplicateApply : messages.feed.duplicateCandidateApply);
    }
    throw err;
  }
}

/**
 * `POST /api/indeed-apply/:nameSlug`: the body arrives raw (the route keeps it a Buffer for the
 * signature check). The recruiters and the applicant hear of it as for a career-site apply (through
 * the mail outbox), after the application is stored.
 */
export const receiveIndeedApplication: Operation<typeof r.receiveApplication, 'db' | 'storage' | 'mail' | 'config' | 'log'> = async (deps, input) => {
  const sig = input.caller.headers['x-indeed-signature'];
  const { applicationId, candidateId, notice } = await storeApplication(deps.db, deps.storage, {
    nameSlug: input.nameSlug,
    raw: input.caller.rawBody ?? Buffer.alloc(0),
    signature: Array.isArray(sig) ? sig[0] : sig,
    resumeText: (bytes, type, name) => resumeTextOf(bytes, type, name, deps.log),
    publicUrl: deps.config.publicUrl,
  });
  await notifyNewApplication(deps, notice);
  return { applicationId, candidateId };
};
