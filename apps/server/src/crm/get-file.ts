import type { crmRoutes as r } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { requireClient } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../core/deps.ts';
import { answer, type Operation } from '../core/operation.ts';
import { notFound } from '../lib/app-error.ts';
import { CANDIDATE_READERS } from './rights.ts';

const KEY = /^(?:resumes|candidates)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9][A-Za-z0-9/_. -]{0,300}$/;

/** A candidate's stored file, ready to send: its content, size, type and a safe download name. */
interface CandidateFile {
  stream: Readable;
  size: number;
  contentType: string;
  name: string;
}

/**
 * `GET /api/get-resume` and `GET /api/get-file` (001 §7): a candidate's stored file by its
 * `blobPath`, only to a signed-in user with candidate rights on the client that owns it, and only
 * when the path is a file of one of that client's candidates (an application's resume or an
 * uploaded file) — a guessed path, or another tenant's, is a 404.
 */
async function getCandidateFile(deps: Pick<Deps, 'db' | 'storage'>, actor: Actor, blobPath: string): Promise<CandidateFile> {
  const m = KEY.exec(blobPath);
  if (!m || blobPath.includes('..') || blobPath.includes('//')) throw notFound('file', messages.crm.fileNotFound);
  const clientId = m[1];
  await requireClient(deps, actor, clientId, CANDIDATE_READERS, 'file');
  const r = await deps.db.execute<{ name: string | null; content_type: string | null }>(sql`
    SELECT resume_name AS name, resume_content_type AS content_type FROM applications WHERE client_id = ${clientId} AND resume_key = ${blobPath}
    UNION ALL
    SELECT NULL, content_type FROM files f WHERE f.client_id = ${clientId} AND f.storage_key = ${blobPath} AND f.kind IN ('resume', 'candidate_file')
      AND EXISTS (SELECT 1 FROM candidates c WHERE c.client_id = f.client_id AND c.id = f.owner_id)
    LIMIT 1`);
  const hit = r.rows[0];
  const stat = hit ? await deps.storage.stat(blobPath) : null;
  if (!hit || !stat) throw notFound('file', messages.crm.fileNotFound);
  return {
    stream: deps.storage.read(blobPath),
    size: stat.size,
    contentType: hit.content_type ?? 'application/octet-stream',
    name: (hit.name ?? blobPath.split('/').pop() ?? 'file').replace(/[^\w. -]/g, '_'),
  };
}

/** A candidate's file is personal data: never cached, never sniffed. */
const fileReply = (file: CandidateFile, disposition: 'inline' | 'attachment') =>
  answer({
    headers: {
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': `${disposition}; filename="${file.name}"`,
      'Content-Length': String(file.size),
    },
    type: file.contentType,
    body: file.stream,
  });

/** `GET /api/get-resume`: shown in the browser. */
export const getResume: Operation<typeof r.getResume, 'db' | 'storage'> = async (deps, input) =>
  fileReply(await getCandidateFile(deps, input.actor, input.blobPath), 'inline');

/** `GET /api/get-file`: downloaded. */
export const getFile: Operation<typeof r.getFile, 'db' | 'storage'> = async (deps, input) =>
  fileReply(await getCandidateFile(deps, input.actor, input.blobPath), 'attachment');
