import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { videos } from '../db/schema/wave.ts';
import { lastError, probe, runFfmpeg } from './ffmpeg.ts';

export const PROCESS_QUEUE = 'video-process';
/** Runs of the processing job in all: the first and one retry (`retryLimit` when it is queued). */
export const PROCESS_ATTEMPTS = 2;
export const INFRA_FAILURE = 'The video could not be processed. Please upload it again.';

/** Longest side of the playback file and of the preview clip; preview length in seconds. */
const PLAYBACK_MAX_WIDTH = 1280;
const PREVIEW_MAX_WIDTH = 480;
const PREVIEW_SECONDS = 3;
const evenScale = (max: number) => `scale=w='trunc(min(${max},iw)/2)*2':h=-2`;
/** Browser-safe H.264 (yuv420p) at a quality (CRF) and a maximum width. */
const h264 = (crf: number, maxWidth: number) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  String(crf),
  '-pix_fmt',
  'yuv420p',
  '-vf',
  evenScale(maxWidth),
];

class VideoFailure extends Error {}

/**
 * The background step (queue job `video-process`): probe the upload, transcode it to H.264/AAC
 * MP4 with fast start (browser recordings are WebM VP8/VP9/Opus), cut a still thumbnail and a
 * short muted preview. A file ffmpeg cannot read ends in state `failed` with the reason.
 */
export async function processVideo(deps: Pick<Deps, 'db' | 'storage' | 'log'>, job: { clientId: string; videoId: string }): Promise<void> {
  const where = and(eq(videos.clientId, job.clientId), eq(videos.id, job.videoId));
  // Count this run (atomically, so a redelivered job counts too); gone or already handled: nothing to do.
  const [row] = await deps.db
    .update(videos)
    .set({ processAttempts: sql`${videos.processAttempts} + 1` })
    .where(and(where, eq(videos.state, 'processing'), isNotNull(videos.originalKey)))
    .returning();
  if (!row?.originalKey) return;
  const originalKey = row.originalKey;
  const work = await mkdtemp(path.join(os.tmpdir(), 'hh-video-'));
  try {
    // A missing original is storage trouble, not a bad file: it goes the retry way below.
    if (!(await deps.storage.stat(originalKey))) throw new Error(`The original ${originalKey} is missing from storage`);
    let input = deps.storage.localPath?.(originalKey);
    if (!input) {
      input = path.join(work, 'original');
      await pipeline(deps.storage.read(originalKey), createWriteStream(input));
    }
    const src = await probe(input);
    if (!src.videoCodec) throw new VideoFailure(`The video could not be read: ${lastError(src.stderr)}`);

    const playback = path.join(work, 'playback.mp4');
    const t = await runFfmpeg([
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...h264(23, PLAYBACK_MAX_WIDTH),
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      playback,
    ]);
    if (t.code !== 0) throw new VideoFailure(`The video could not be transcoded: ${lastError(t.stderr)}`);
    const out = await probe(playback);
    if (!out.videoCodec) throw new VideoFailure(`The video could not be transcoded: ${lastError(out.stderr)}`);
    const duration = out.duration ?? src.duration;

    const thumbnail = path.join(work, 'thumbnail.jpg');
    const at = duration && duration > 2 ? 1 : 0;
    const th = await runFfmpeg(['-y', '-ss', String(at), '-i', playback, '-frames:v', '1', '-vf', evenScale(640), '-q:v', '4', thumbnail]);
    if (th.code !== 0) throw new VideoFailure(`The thumbnail could not be made: ${lastError(th.stderr)}`);

    const preview = path.join(work, 'preview.mp4');
    const pv = await runFfmpeg([
      '-y',
      '-i',
      playback,
      '-t',
      String(PREVIEW_SECONDS),
      '-an',
      ...h264(28, PREVIEW_MAX_WIDTH),
      '-movflags',
      '+faststart',
      preview,
    ]);
    if (pv.code !== 0) throw new VideoFailure(`The preview could not be made: ${lastError(pv.stderr)}`);

    const base = `videos/${row.clientId}/${row.id}`;
    await deps.storage.put(`${base}/playback.mp4`, createReadStream(playback), 'video/mp4');
    await deps.storage.put(`${base}/thumbnail.jpg`, createReadStream(thumbnail), 'image/jpeg');
    await deps.storage.put(`${base}/preview.mp4`, createReadStream(preview), 'video/mp4');
    await deps.db
      .update(videos)
      .set({
        state: 'ready',
        duration: duration === null ? null : Math.round(duration * 100) / 100,
        width: out.width,
        height: out.height,
        codec: src.videoCodec,
        audioCodec: src.audioCodec,
        playbackKey: `${base}/playback.mp4`,
        thumbnailKey: `${base}/thumbnail.jpg`,
        previewKey: `${base}/preview.mp4`,
        originalKey: null,
        error: null,
        updatedAt: new Date(),
      })
      .where(where);
    // Decision (docs/wave.md): the original is deleted once the playback file exists. It can be up to
    // VIDEO_MAX_BYTES, nothing serves it, and the H.264 playback file is the download.
    await removeOriginal(deps, originalKey);
  } catch (err) {
    if (err instanceof VideoFailure) {
      // The file itself is unusable: no retry can help, and the original is of no further use.
      deps.log.warn({ videoId: row.id, reason: err.message }, 'video processing failed');
      await markFailed(deps, where, err.message, null);
      await removeOriginal(deps, originalKey);
      return;
    }
    // Infrastructure trouble (storage, disk, ffmpeg crashing): the queue retries; the last run gives up
    // with a reason, keeping the original so an operator can queue it again.
    if (row.processAttempts < PROCESS_ATTEMPTS) throw err;
    deps.log.error({ err, videoId: row.id, attempts: row.processAttempts }, 'video processing gave up');
    await markFailed(deps, where, INFRA_FAILURE, originalKey);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function markFailed(deps: Pick<Deps, 'db'>, where: SQL | undefined, reason: string, originalKey: string | null) {
  return deps.db
    .update(videos)
    .set({ state: 'failed', error: reason.slice(0, 500), originalKey, updatedAt: new Date() })
    .where(and(where, eq(videos.state, 'processing')));
}

async function removeOriginal(deps: Pick<Deps, 'storage' | 'log'>, key: string) {
  try {
    await deps.storage.remove(key);
  } catch (err) {
    // The video is settled either way; a file left behind is only disk space.
    deps.log.warn({ err, key }, 'could not remove a video original');
  }
}
