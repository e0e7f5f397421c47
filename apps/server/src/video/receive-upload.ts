import { messages } from '@hh/contract/messages';
import type { videoRoutes as v } from '@hh/contract/video';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Operation, Upload } from '../core/operation.ts';
import { videos } from '../db/schema/wave.ts';
import { AppError, badRequest, conflict, forbidden, tooLarge } from '../lib/app-error.ts';
import { PROCESS_QUEUE } from './process-video.ts';
import { verifyUploadToken } from './signing.ts';
import { NotAVideoError, TooLargeError, VideoGate } from './sniff.ts';

/** Stream buffer size on the upload path (1 MiB): fewer, bigger chunks through the parser and to disk than busboy's 16 KB. */
export const UPLOAD_HWM = 1024 * 1024;

export const UPLOAD_ABANDONED = 'The upload was interrupted';

export const originalKey = (clientId: string, videoId: string) => `videos/${clientId}/${videoId}/original`;

/**
 * The one-time upload: verifies the signed token, claims the video row atomically (a second POST
 * finds it used), then streams the multipart file through the signature/size gate into storage.
 * Storage writes to a temporary name, so a refused or broken upload leaves no file behind. The form
 * is read (stream mode of readUpload, the route's `upload` extra) only once the token is checked.
 */
export const receiveUpload: Operation<typeof v.upload, 'db' | 'storage' | 'queue' | 'config'> = async (deps, input) => {
  const check = await verifyUploadToken(deps.config.jwtSecret, input.token);
  if (!check.ok) throw forbidden('video', messages.video.uploadUrlInvalid);
  const { clientId, videoId, nonce } = check;
  const now = new Date();
  const [claimed] = await deps.db
    .update(videos)
    .set({ uploadUsedAt: now, updatedAt: now })
    .where(
      and(
        eq(videos.clientId, clientId),
        eq(videos.id, videoId),
        eq(videos.uploadNonce, nonce),
        eq(videos.state, 'uploading'), // not expired by the clean-up
        isNull(videos.uploadUsedAt),
        gt(videos.uploadExpiresAt, now),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await deps.db
      .select({ usedAt: videos.uploadUsedAt })
      .from(videos)
      .where(and(eq(videos.clientId, clientId), eq(videos.id, videoId), eq(videos.uploadNonce, nonce)))
      .limit(1);
    if (row?.usedAt) throw conflict('video', messages.video.uploadUrlUsed);
    throw forbidden('video', messages.video.uploadUrlInvalid);
  }

  const fail = (reason: string) =>
    deps.db
      .update(videos)
      .set({ state: 'failed', error: reason, updatedAt: new Date() })
      .where(and(eq(videos.clientId, clientId), eq(videos.id, videoId)));
  const cap = deps.config.VIDEO_MAX_BYTES;
  const tooBig = messages.video.tooLarge(Math.round((cap / 1024 / 1024) * 10) / 10);

  // A declared body far over the cap is refused before a byte is read.
  if (Number(input.caller.headers['content-length'] ?? 0) > cap + 1024 * 1024) {
    await fail(tooBig);
    throw tooLarge('video', tooBig);
  }
  if (!input.readUpload) throw new Error('the video upload route has no upload limits');
  let form: Upload;
  try {
    form = await input.readUpload();
  } catch (err) {
    // Not a multipart form, or one without a file part: the video fails with the same message.
    if (err instanceof AppError && err.message === messages.video.fileMissing) await fail(messages.video.fileMissing);
    throw err;
  }
  if (!form.file?.stream) {
    await fail(messages.video.fileMissing);
    throw badRequest('video', messages.video.fileMissing);
  }
  const part = { file: form.file.stream as Readable, filename: form.file.filename };
  const gate = new VideoGate(cap);
  part.file.on('error', (err) => gate.destroy(err));
  // Storage attaches its pipeline after an await: until then, keep the gate's error for the catch below.
  let gateError: Error | null = null;
  gate.on('error', (err) => {
    gateError = err;
  });
  const key = originalKey(clientId, videoId);
  let size: number;
  try {
    ({ size } = await deps.storage.put(key, part.file.pipe(gate), 'application/octet-stream'));
  } catch (caught) {
    const err = gateError ?? caught;
    part.file.destroy();
    // Read and drop the rest of the body, so a browser still sending gets the refusal at once
    // instead of stalling on a paused socket ("Uploading… 17%" forever). The declared size was
    // checked against the cap above, so this reads a bounded amount.
    form.discard?.();
    if (err instanceof TooLargeError) {
      await fail(tooBig);
      throw tooLarge('video', tooBig);
    }
    if (err instanceof NotAVideoError) {
      await fail(messages.video.notAVideo);
      throw new AppError(415, 'video', messages.video.notAVideo);
    }
    await fail(UPLOAD_ABANDONED);
    throw err;
  }
  await deps.db
    .update(videos)
    .set({ state: 'processing', originalKey: key, sizeBytes: size, fileName: claimed.fileName ?? part.filename?.slice(0, 255) ?? null, updatedAt: new Date() })
    .where(and(eq(videos.clientId, clientId), eq(videos.id, videoId)));
  await deps.queue.send(PROCESS_QUEUE, { clientId, videoId }); // retry policy: video/jobs/process-video.job.ts
  return { videoId, state: 'processing' as const, size };
};
