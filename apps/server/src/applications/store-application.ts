import { sql } from 'drizzle-orm';
import { logActivity } from '../core/activity-log.ts';
import { recordCandidateEvent, recordConsent } from '../crm/index.ts';
import type { DbOrTx } from '../db/client.ts';
import type { ProposedChanges } from '../db/schema/candidate-proposals.ts';
import type { JobRow } from '../jobs/index.ts';

export interface StoredApplication {
  applicationId: string;
  candidateId: string;
  /** The person had applied to this job before. */
  updated: boolean;
  /** The new file is the application's own (a new application); false when it waits in a proposal. */
  fileOnApplication: boolean;
  /** The proposed changes recorded for a recruiter, if any. */
  proposalId: string | null;
}

type Answer = { questionId: string; question: string; answer: string };

interface ApplicationInput {
  clientId: string;
  job: Pick<JobRow, 'id' | 'title'>;
  contact: { firstName: string; lastName: string; email: string; phone: string | null };
  answers: Answer[];
  tracking: Record<string, string>;
  file: { key: string; name: string; contentType: string };
  publicUrl: string;
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/**
 * Stores one career-site application in the caller's transaction. An anonymous applicant proves
 * nothing about the email address they type, so applying as an existing candidate never changes
 * what a recruiter has: the name, phone, resume text and any earlier application to this job (its
 * answers and file) stay as they are. The application is added (a new one for a new job) with the
 * new file, and every value that differs (name, phone, answers, the file of a repeated application,
 * and later the resume's text) is recorded in candidate_proposed_changes for a recruiter to accept.
 */
export async function storeApplication(tx: DbOrTx, a: ApplicationInput): Promise<StoredApplication> {
  const { clientId, contact: c } = a;
  // A new person gets a candidate row; an existing one (the same email, case-insensitively) is only read, locked.
  type Cand = { id: string; first_name: string; last_name: string; phone: string | null };
  const find = () =>
    tx.execute<Cand>(sql`
      SELECT id, first_name, last_name, phone FROM candidates WHERE client_id = ${clientId} AND lower(email) = lower(${c.email}) FOR UPDATE`);
  let row: Cand | undefined = (await find()).rows[0];
  let existing = !!row;
  if (row) {
    await tx.execute(sql`UPDATE candidates SET last_activity_at = now() WHERE client_id = ${clientId} AND id = ${row.id}`);
  } else {
    const created = await tx.execute<Cand>(sql`
      INSERT INTO candidates (client_id, first_name, last_name, email, phone, source)
      VALUES (${clientId}, ${c.firstName}, ${c.lastName}, ${c.email}, ${c.phone}, 'careersite')
      ON CONFLICT (client_id, lower(email)) DO NOTHING
      RETURNING id, first_name, last_name, phone`);
    // Two applications with one new email at once: the other made the row; this one is an application to it.
    existing = !created.rows[0];
    row = created.rows[0] ?? (await find()).rows[0];
  }
  const candidateId = row.id;

  // The earlier application of this person to this job, locked.
  const before = await tx.execute<{ id: string; answers: Answer[] }>(sql`
    SELECT id, answers FROM applications WHERE client_id = ${clientId} AND job_id = ${a.job.id} AND candidate_id = ${candidateId} FOR UPDATE`);
  const earlier = before.rows[0] ?? null;
  let applicationId: string;
  if (earlier) {
    // The same job again: the application keeps its answers and file; it only shows recent activity.
    // (No CTE or xmax here: Citus plans neither in a distributed statement, docs/scaling.md.)
    await tx.execute(sql`UPDATE applications SET updated_at = now() WHERE client_id = ${clientId} AND id = ${earlier.id}`);
    applicationId = earlier.id;
  } else {
    const inserted = await tx.execute<{ id: string }>(sql`
      INSERT INTO applications (client_id, candidate_id, job_id, source, answers, resume_key, resume_name, resume_content_type, tracking)
      VALUES (${clientId}, ${candidateId}, ${a.job.id}, 'careersite', ${JSON.stringify(a.answers)}::jsonb, ${a.file.key}, ${a.file.name},
              ${a.file.contentType}, ${JSON.stringify(a.tracking)}::jsonb)
      RETURNING id`);
    applicationId = inserted.rows[0].id;
  }

  let proposalId: string | null = null;
  if (existing) {
    const changes: ProposedChanges = {};
    if (!same(row.first_name, c.firstName)) changes.firstName = c.firstName;
    if (!same(row.last_name, c.lastName)) changes.lastName = c.lastName;
    if (c.phone && digits(row.phone) !== digits(c.phone)) changes.phone = c.phone;
    if (earlier && JSON.stringify(earlier.answers) !== JSON.stringify(a.answers)) changes.answers = a.answers;
    // A repeated application's file waits here; a new application keeps its own (its text is compared once parsed).
    const file = earlier ? a.file : null;
    if (Object.keys(changes).length > 0 || file) {
      const p = await tx.execute<{ id: string }>(sql`
        INSERT INTO candidate_proposed_changes (client_id, candidate_id, application_id, job_id, source, changes, resume_key, resume_name, resume_content_type)
        VALUES (${clientId}, ${candidateId}, ${applicationId}, ${a.job.id}, 'careersite', ${JSON.stringify(changes)}::jsonb,
                ${file?.key ?? null}, ${file?.name ?? null}, ${file?.contentType ?? null})
        RETURNING id`);
      proposalId = p.rows[0].id;
    }
  }

  await logActivity(tx, {
    actor: null,
    clientId,
    action: earlier ? 'update' : 'create',
    entity: 'application',
    entityId: applicationId,
    changes: { jobId: a.job.id, candidateId, ...(proposalId ? { proposedChangesId: proposalId } : {}) },
  });
  await recordCandidateEvent(
    { db: tx },
    {
      clientId,
      candidateId,
      actor: null,
      type: 'applied',
      data: {
        jobId: a.job.id,
        jobTitle: a.job.title,
        source: 'careersite',
        applicationId,
        updated: !!earlier,
        ...(proposalId ? { proposedChangesId: proposalId } : {}),
      },
    },
  );
  // The consent sentence the apply form showed (sites/job-page.ts renders the same text).
  await recordConsent({ db: tx }, { clientId, candidateId, applicationId, source: 'careersite', publicUrl: a.publicUrl });
  return { applicationId, candidateId, updated: !!earlier, fileOnApplication: !earlier, proposalId };
}
