import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import type { videoRoutes as v } from '@hh/contract/video';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { videos } from '../db/schema/wave.ts';
import { badRequest } from '../lib/app-error.ts';
import { signUploadToken } from './signing.ts';

/** How long a one-time upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 3600;

/**
 * Creates a video in state `uploading` and a signed, expiring, one-time URL for its file.
 * Staff upload into their own client; admins and recruiters name a client they can access.
 * A page video (purpose `page`, the career-site editor) needs the right to edit the client's pages,
 * as the page-template calls check it (`userTypeHarvest` editor+, docs/permissions.md "Career-site
 * builder"), because it becomes public once processed. The client is the one the body names, else
 * the staff user's own (the portal's selected client is not used here).
 */
export const createUploadUrl: Operation<typeof v.getUploadUrl, 'db' | 'config'> = async (deps, input) => {
  const clientId = (input.clientIdSelected ? undefined : input.clientId) ?? input.actor.clientId;
  if (!clientId) throw badRequest('clientId', messages.wave.noClient);
  const purpose = input.purpose ?? 'wave';
  await requireClient(deps, input.actor, clientId, purpose === 'page' ? { product: 'harvest', level: 'editor' } : 'member', 'video');
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
  const [row] = await deps.db
    .insert(videos)
    .values({ clientId, ownerId: input.actor.id, purpose, uploadNonce: nonce, uploadExpiresAt: expiresAt, fileName: input.fileName ?? null })
    .returning({ id: videos.id });
  const token = await signUploadToken(deps.config.jwtSecret, { clientId, videoId: row.id, nonce, expiresAt });
  return {
    videoId: row.id,
    uploadUrl: `${deps.config.publicUrl}/uploads/video/${token}`,
    expiresAt: expiresAt.toISOString(),
    maxBytes: deps.config.VIDEO_MAX_BYTES,
  };
};
