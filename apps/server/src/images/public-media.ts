import { eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { files } from '../db/schema/core.ts';
import { CANDIDATE_FILE_KINDS, isCandidateFileKey, keyFromMediaPath } from './media-key.ts';

/**
 * The stored file a public /media/* path names, or null (served as 404). Logos and images appear on
 * career sites and in emails; candidate files (resumes and anything else a candidate sent) are
 * personal data and never served here, only through signed-in routes with rights,
 * `Cache-Control: private, no-store`.
 */
export async function findPublicMedia(deps: Pick<Deps, 'db'>, path: string): Promise<{ key: string; contentType: string } | null> {
  const key = keyFromMediaPath(path);
  if (!key || isCandidateFileKey(key)) return null;
  const [row] = await deps.db.select({ contentType: files.contentType, kind: files.kind }).from(files).where(eq(files.storageKey, key)).limit(1);
  if (!row || CANDIDATE_FILE_KINDS.has(row.kind)) return null;
  return { key, contentType: row.contentType };
}
