import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { ResumeParseError, parseResumeInWorker, RESUME_MAX_BYTES } from '../resume-parser/index.ts';

/** The queue that parses an application's resume after the application was stored (candidates/jobs/parse-resume.job.ts). */
export const RESUME_PARSE_QUEUE = 'resume-parse';

export interface ParseResumeJob {
  clientId: string;
  candidateId: string;
  /** The new application whose own file is parsed; null when the file waits in a proposal. */
  applicationId: string | null;
  /** The proposed changes of this application, if any (a repeated application's file is there). */
  proposalId: string | null;
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      break;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

type FileRow = { resume_key: string | null; resume_name: string | null; resume_content_type: string | null; resume_parsed_at: Date | null };

/**
 * Reads the text of an application's resume in a worker thread (time and memory limits,
 * resume-parser/run-in-worker.ts) and keeps it for search, keywords and the CRM. A candidate who had
 * no resume text gets this one; a candidate whose recruiter-held text differs keeps it, and the new
 * text is proposed instead (candidate_proposed_changes.changes.resumeText). A resume that cannot be
 * read (scanned, encrypted, too complex) never costs the application: it stays, with no text and the
 * reason in resume_parse_error. Runs once per file: a retried job finds it parsed and stops.
 */
export async function parseApplicationResume(deps: Pick<Deps, 'db' | 'storage' | 'log'>, job: ParseResumeJob): Promise<void> {
  const { clientId, candidateId, applicationId, proposalId } = job;
  const file = applicationId
    ? await deps.db.execute<FileRow>(sql`
        SELECT resume_key, resume_name, resume_content_type, resume_parsed_at FROM applications
         WHERE client_id = ${clientId} AND id = ${applicationId} AND candidate_id = ${candidateId}`)
    : proposalId
      ? await deps.db.execute<FileRow>(sql`
          SELECT resume_key, resume_name, resume_content_type, resume_parsed_at FROM candidate_proposed_changes
           WHERE client_id = ${clientId} AND id = ${proposalId} AND candidate_id = ${candidateId}`)
      : null;
  const f = file?.rows[0];
  if (!f?.resume_key || f.resume_parsed_at) return;

  let text = '';
  let error: string | null = null;
  const bytes = await readAll(deps.storage.read(f.resume_key), RESUME_MAX_BYTES + 1);
  try {
    const parsed = await parseResumeInWorker(bytes, f.resume_content_type ?? '', f.resume_name ?? '');
    text = parsed.resumeText.replaceAll('\0', '');
  } catch (err) {
    if (!(err instanceof ResumeParseError)) throw err; // infrastructure: the queue retries
    error = err.message;
    deps.log.info({ err, clientId, applicationId, proposalId }, 'resume text could not be read; the application is kept without it');
  }

  await deps.db.transaction(async (tx) => {
    const cand = await tx.execute<{ resume_text: string; erased: boolean }>(sql`
      SELECT resume_text, anonymized_at IS NOT NULL AS erased FROM candidates WHERE client_id = ${clientId} AND id = ${candidateId} FOR UPDATE`);
    const held = cand.rows[0]?.resume_text;
    // Deleted or erased while the job waited: nothing of the resume is kept.
    if (held === undefined) return;
    if (cand.rows[0].erased) text = '';
    if (text && held === '' && applicationId) {
      await tx.execute(sql`UPDATE candidates SET resume_text = ${text}, updated_at = now() WHERE client_id = ${clientId} AND id = ${candidateId}`);
    } else if (text && held !== text) {
      const patch = JSON.stringify({ resumeText: text });
      if (proposalId) {
        await tx.execute(sql`
          UPDATE candidate_proposed_changes SET changes = changes || ${patch}::jsonb WHERE client_id = ${clientId} AND id = ${proposalId}`);
      } else {
        await tx.execute(sql`
          INSERT INTO candidate_proposed_changes (client_id, candidate_id, application_id, source, changes)
          VALUES (${clientId}, ${candidateId}, ${applicationId}, 'careersite', ${patch}::jsonb)`);
      }
    }
    if (applicationId) {
      await tx.execute(sql`
        UPDATE applications SET resume_parsed_at = now(), resume_parse_error = ${error} WHERE client_id = ${clientId} AND id = ${applicationId}`);
    } else if (proposalId) {
      await tx.execute(sql`UPDATE candidate_proposed_changes SET resume_parsed_at = now() WHERE client_id = ${clientId} AND id = ${proposalId}`);
    }
  });
}
