import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { createPool } from '../../src/db/client.ts';
import { makeTestVideo, multipartBody } from '../../src/video/test-media.ts';
import { createTenant, type Postgres, reportFigures, removeDir, type Server, startPostgres, startServer, tempDir, waitUntil } from './support.ts';

/**
 * A worker killed mid-job: the app is `kill -9`ed (with its ffmpeg) while it transcodes a video.
 * The queue job stays active until its time limit (JOB_EXPIRE_SECONDS, shortened here), then the
 * queue's maintenance (QUEUE_MAINTENANCE_SECONDS) sends it to retry, a new process runs it, and
 * it ends once: one ready video, its three files, the original removed, one completed job.
 */
const dir = tempDir('hh-fault-worker-');
const dataDir = path.join(dir, 'data');
let pg: Postgres | undefined;
let server: Server | undefined;
afterAll(async () => {
  await server?.stop();
  await pg?.close();
  removeDir(dir);
});

describe('a worker killed mid-job', () => {
  it('retries the video transcode in the next process and ends it once', async () => {
    onTestFailed(() => {
      process.stdout.write(`server output:\n${server?.output().slice(-6000)}\n`);
    });
    pg = await startPostgres(dir, { fast: true });
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, JOB_EXPIRE_SECONDS: '30', QUEUE_MAINTENANCE_SECONDS: '1' };
    server = await startServer(env);
    const tenant = await createTenant(pg.url, server.base);
    const db = createPool(pg.url, 1);
    try {
      const video = async () =>
        (
          await db.query<{ state: string; process_attempts: number; playback_key: string | null; original_key: string | null }>(
            'SELECT state, process_attempts, playback_key, original_key FROM videos WHERE client_id = $1',
            [tenant.clientId],
          )
        ).rows[0];
      // A 20-second clip: its transcode takes long enough to be caught in the middle.
      const { bytes } = await makeTestVideo({ format: 'webm', seconds: 20, size: '320x240' });
      const u = await fetch(`${server.base}/api/video/get-upload-url`, {
        method: 'POST',
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: tenant.clientId }),
      });
      expect(u.status).toBe(201);
      const { videoId, uploadUrl } = (await u.json()) as { videoId: string; uploadUrl: string };
      const body = multipartBody(bytes);
      const up = await fetch(uploadUrl.replace(/^https?:\/\/[^/]+/, server.base), { method: 'POST', headers: body.headers, body: body.payload });
      expect(up.status).toBe(201);

      // The job has started (its run is counted) and is not finished: kill the whole process group.
      await waitUntil('the transcode to start', async () => (await video())?.process_attempts === 1, 60_000, 25);
      expect((await video()).state).toBe('processing');
      const killedAt = Date.now();
      await server.kill9();
      server = undefined;
      expect((await video()).state).toBe('processing');
      const active = (await db.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'video-process' AND data->>'videoId' = $1`, [videoId])).rows;
      expect(active.map((j) => j.state)).toEqual(['active']);

      // A new process takes the job over once its time limit has passed, and finishes it.
      server = await startServer(env);
      const done = await waitUntil('the video to be ready', async () => ((await video())?.state === 'ready' ? await video() : undefined), 150_000, 250);
      const recoveredMs = Date.now() - killedAt;
      expect(done.process_attempts).toBe(2);
      expect(done.original_key).toBeNull();
      const jobs = (
        await db.query<{ state: string; retry_count: number }>(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'video-process' AND data->>'videoId' = $1`,
          [videoId],
        )
      ).rows;
      expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
      const files = readdirSync(path.join(dataDir, 'storage', 'videos', tenant.clientId, videoId)).sort();
      expect(files).toEqual(['playback.mp4', 'preview.mp4', 'thumbnail.jpg']);
      // Stays done: no further run after a few maintenance rounds.
      await new Promise((r) => setTimeout(r, 3000));
      expect((await video()).process_attempts).toBe(2);

      reportFigures('worker killed mid-job (video transcode)', {
        'runs started': done.process_attempts,
        results: 1,
        'recovered after ms': recoveredMs,
        'faults survived': 1,
        'jobs lost': 0,
      });
    } finally {
      await db.end();
    }
  });
});
