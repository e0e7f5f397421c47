import { crmMessages } from '@hh/contract/crm';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Actor } from '../auth/actor.ts';
import { notFound } from '../lib/app-error.ts';
import { loadCandidateClient } from './access.ts';

const KEY = /^(?:resumes|candidates)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9][A-Za-z0-9/_. -]{0,300}$/;

/**
 * `GET /api/get-resume` and `GET /api/get-file` (001 §7): stream a candidate's stored file by its
 * `blobPath`, only to a signed-in user with candidate rights on the client that owns it, and only
 * when the path is a file of one of that client's candidates (an application's resume or an
 * uploaded file) — a guessed path, or another tenant's, is a 404. Personal data: never cached.
 */
export async function sendCandidateFile(app: FastifyInstance, reply: FastifyReply, actor: Actor, blobPath: string, disposition: 'inline' | 'attachment') {
  const m = KEY.exec(blobPath);
  if (!m || blobPath.includes('..') || blobPath.includes('//')) throw notFound('file', crmMessages.fileNotFound);
  const clientId = m[1];
  await loadCandidateClient(app.db, actor, clientId, 'file');
  const r = await app.db.execute<{ name: string | null; content_type: string | null }>(sql`
    SELECT resume_name AS name, resume_content_type AS content_type FROM applications WHERE client_id = ${clientId} AND resume_key = ${blobPath}
    UNION ALL
    SELECT NULL, content_type FROM files f WHERE f.client_id = ${clientId} AND f.storage_key = ${blobPath} AND f.kind IN ('resume', 'candidate_file')
      AND EXISTS (SELECT 1 FROM candidates c WHERE c.client_id = f.client_id AND c.id = f.owner_id)
    LIMIT 1`);
  const hit = r.rows[0];
  const stat = hit ? await app.storage.stat(blobPath) : null;
  if (!hit || !stat) throw notFound('file', crmMessages.fileNotFound);
  const name = (hit.name ?? blobPath.split('/').pop() ?? 'file').replace(/[^\w. -]/g, '_');
  return reply
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `${disposition}; filename="${name}"`)
    .header('Content-Length', String(stat.size))
    .type(hit.content_type ?? 'application/octet-stream')
    .send(app.storage.read(blobPath));
}
