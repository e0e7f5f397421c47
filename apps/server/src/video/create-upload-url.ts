import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import type { GetUploadUrlReply, VideoPurpose } from '@hh/contract/video';
import type { Deps } from '../core/deps.ts';
import type { Actor } from '../auth/actor.ts';
import { loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import { videos } from '../db/schema/wave.ts';
import { badRequest } from '../lib/app-error.ts';
import { signUploadToken } from './signing.ts';

/** How long a one-time upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

/**
 * Creates a video in state `uploading` and a signed, expiring, one-time URL for its file.
 * Staff upload into their own client; admins and recruiters name a client they can access.
 * A page video (purpose `page`, the career-site editor) needs the right to edit the client's pages,
 * as the page-template calls check it (pages/access.ts siteClient: `userTypeHarvest` editor+,
 * docs/permissions.md "Career-site builder"), because it becomes public once processed.
 */
export async function createUploadUrl(
  deps: Pick<Deps, 'db' | 'config'>,
  opts: { actor: Actor; clientId?: string; fileName?: string; purpose?: VideoPurpose; ttlSeconds?: number },
): Promise<GetUploadUrlReply> {
  const clientId = opts.clientId ?? opts.actor.clientId;
  if (!clientId) throw badRequest('clientId', messages.wave.noClient);
  const purpose = opts.purpose ?? 'wave';
  await loadAccessibleClient(deps.db, opts.actor, clientId, 'video');
  if (purpose === 'page') requireProductRight(opts.actor, 'harvest', 'editor', 'video');
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = new Date(Date.now() + (opts.ttlSeconds ?? UPLOAD_URL_TTL_SECONDS) * 1000);
  const [row] = await deps.db
    .insert(videos)
    .values({ clientId, ownerId: opts.actor.id, purpose, uploadNonce: nonce, uploadExpiresAt: expiresAt, fileName: opts.fileName ?? null })
    .returning({ id: videos.id });
  const token = await signUploadToken(deps.config.jwtSecret, { clientId, videoId: row.id, nonce, expiresAt });
  return {
    videoId: row.id,
    uploadUrl: `${deps.config.publicUrl}/uploads/video/${token}`,
    expiresAt: expiresAt.toISOString(),
    maxBytes: deps.config.VIDEO_MAX_BYTES,
  };
}
