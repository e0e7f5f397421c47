import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videos } from '../db/schema/wave.ts';
import { lastError, probe, runFfmpeg } from './ffmpeg.ts';

export const PROCESS_QUEUE = 'video-process';

/** Longest side of the playback file and of the preview clip; preview length in seconds. */
const PLAYBACK_MAX_WIDTH = 1280;
const PREVIEW_MAX_WIDTH = 480;
const PREVIEW_SECONDS = 3;
const evenScale = (max: number) => `scale=w='trunc(min(${max},iw)/2)*2':h=-2`;

class VideoFailure extends Error {}

/**
 * The background step (queue job `video-process`): probe the upload, transcode it to H.264/AAC
 * MP4 with fast start (browser recordings are WebM VP8/VP9/Opus), cut a still thumbnail and a
 * short muted preview. A file ffmpeg cannot read ends in state `failed` with the reason.
 */
export async function processVideo(app: FastifyInstance, job: { clientId: string; videoId: string }): Promise<void> {
  const where = and(eq(videos.clientId, job.clientId), eq(videos.id, job.videoId));
  const [row] = await app.db.select().from(videos).where(where).limit(1);
  if (row?.state !== 'processing' || !row.originalKey) return; // gone, or already handled
  const work = await mkdtemp(path.join(os.tmpdir(), 'hh-video-'));
  try {
    let input = app.storage.localPath?.(row.originalKey);
    if (!input) {
      input = path.join(work, 'original');
      await pipeline(app.storage.read(row.originalKey), createWriteStream(input));
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
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-vf',
      evenScale(PLAYBACK_MAX_WIDTH),
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
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-vf',
      evenScale(PREVIEW_MAX_WIDTH),
      '-movflags',
      '+faststart',
      preview,
    ]);
    if (pv.code !== 0) throw new VideoFailure(`The preview could not be made: ${lastError(pv.stderr)}`);

    const base = `videos/${row.clientId}/${row.id}`;
    await app.storage.put(`${base}/playback.mp4`, createReadStream(playback), 'video/mp4');
    await app.storage.put(`${base}/thumbnail.jpg`, createReadStream(thumbnail), 'image/jpeg');
    await app.storage.put(`${base}/preview.mp4`, createReadStream(preview), 'video/mp4');
    await app.db
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
        error: null,
        updatedAt: new Date(),
      })
      .where(where);
  } catch (err) {
    if (!(err instanceof VideoFailure)) throw err; // infrastructure trouble: the queue retries
    app.log.warn({ videoId: row.id, reason: err.message }, 'video processing failed');
    await app.db
      .update(videos)
      .set({ state: 'failed', error: err.message.slice(0, 500), updatedAt: new Date() })
      .where(where);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
