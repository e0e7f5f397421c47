import { messages } from '@hh/contract/messages';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, setupTestApp, type TestApp } from '../../test/helpers.ts';
import { depsOf } from '../core/deps.ts';
import { CLEANUP_QUEUE, cleanupStaleUploads, STALE_UPLOAD_MS, UPLOAD_EXPIRED } from './cleanup.ts';
import { INFRA_FAILURE, PROCESS_ATTEMPTS, processVideo } from './process-video.ts';
import { originalKey, UPLOAD_ABANDONED } from './receive-upload.ts';
import { makeTestVideo, multipartBody } from './test-media.ts';

const CAP = 200_000;
let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let webm: Buffer;

beforeAll(async () => {
  t = await setupTestApp({ VIDEO_MAX_BYTES: String(CAP) });
  tenant = await createTenant(t.app);
  other = await createTenant(t.app);
  webm = (await makeTestVideo({ format: 'webm', seconds: 1 })).bytes;
  expect(webm.length).toBeLessThan(CAP);
});
afterAll(() => t.close());

const localPath = (u: string) => new URL(u).pathname + new URL(u).search;

async function uploadUrl(headers = tenant.staffAuth.headers, payload: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/video/get-upload-url', headers, payload });
  expect(res.statusCode).toBe(201);
  return res.json() as { videoId: string; uploadUrl: string; expiresAt: string; maxBytes: number };
}
const post = (url: string, bytes: Buffer, filename = 'clip.webm') =>
  t.app.inject({ method: 'POST', url: localPath(url), ...multipartBody(bytes, { filename }) });
const details = (videoId: string, headers = tenant.staffAuth.headers) =>
  t.app.inject({ method: 'GET', url: `/api/video/get-details?videoId=${videoId}`, headers });

async function waitSettled(videoId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const r = (await details(videoId)).json().result;
    if (r.state === 'ready' || r.state === 'failed') return r;
    if (Date.now() > deadline) throw new Error(`video ${videoId} still ${r.state}`);
    await new Promise((res) => setTimeout(res, 300));
  }
}
const filesOf = (clientId: string, videoId: string) => {
  const dir = path.join(t.app.config.dataDir, 'storage', 'videos', clientId, videoId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('video pipeline', () => {
  it('takes a WebM VP8/Opus recording through the one-time URL to a ready H.264 MP4 with thumbnail and preview', async () => {
    const u = await uploadUrl();
    expect(u.maxBytes).toBe(CAP);
    expect(u.uploadUrl).toMatch(/\/uploads\/video\//);
    expect((await details(u.videoId)).json().result.state).toBe('uploading');
    const up = await post(u.uploadUrl, webm);
    expect(up.statusCode).toBe(201);
    expect(up.json()).toEqual({ videoId: u.videoId, state: 'processing', size: webm.length });
    const r = await waitSettled(u.videoId);
    expect(r.state).toBe('ready');
    expect(r.codec).toBe('vp8');
    expect(r.width).toBe(160);
    expect(r.height).toBe(120);
    expect(r.duration).toBeGreaterThan(0.5);
    expect(r.duration).toBeLessThan(2);
    expect(r.size).toBe(webm.length);
    expect(r.error).toBeNull();
    // the original is deleted once the playback file exists (docs/wave.md): just after the row says
    // ready, so it is waited for rather than raced
    await expect.poll(() => filesOf(tenant.client.id, u.videoId).sort()).toEqual(['playback.mp4', 'preview.mp4', 'thumbnail.jpg']);
    expect(await countRows(t.app, 'videos', `id = '${u.videoId}' AND original_key IS NULL AND process_attempts = 1`)).toBe(1);

    // playback: an MP4 (ftyp box), H.264 with fast start (moov before mdat), with range support
    const full = await t.app.inject({ method: 'GET', url: localPath(r.playbackUrl) });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    const mp4 = full.rawPayload;
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    expect(mp4.indexOf('avc1')).toBeGreaterThan(0);
    expect(mp4.indexOf('mp4a')).toBeGreaterThan(0);
    const part = await t.app.inject({ method: 'GET', url: localPath(r.playbackUrl), headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(10, 20))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: localPath(r.playbackUrl), headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 5))).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: localPath(r.playbackUrl), headers: { range: `bytes=${mp4.length}-` } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${mp4.length}`);

    const thumb = await t.app.inject({ method: 'GET', url: localPath(r.thumbnailUrl) });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: localPath(r.previewUrl) });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');

    // unsigned or tampered links to a video that is not on an approved profile: nothing
    expect((await t.app.inject({ method: 'GET', url: new URL(r.playbackUrl).pathname })).statusCode).toBe(404);
    // The signature's first character changed (to another one: a fixed 'x' left one signature in 64 as it was, and the link answered 200).
    const tampered = localPath(r.playbackUrl).replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    expect(tampered).not.toBe(localPath(r.playbackUrl));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);

    // download: a time-limited attachment link
    const dl = await t.app.inject({ method: 'POST', url: '/api/video/get-download-url', headers: tenant.staffAuth.headers, payload: { videoId: u.videoId } });
    expect(dl.statusCode).toBe(200);
    expect(Date.parse(dl.json().expiresAt)).toBeGreaterThan(Date.now());
    const file = await t.app.inject({ method: 'GET', url: localPath(dl.json().downloadUrl) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="video-/);
    expect(file.rawPayload.equals(mp4)).toBe(true);
  });

  it('accepts exactly one POST: a second one gets 409 and changes nothing', async () => {
    const u = await uploadUrl();
    expect((await post(u.uploadUrl, webm)).statusCode).toBe(201);
    const again = await post(u.uploadUrl, webm);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: { video: [messages.video.uploadUrlUsed] } });
    expect((await waitSettled(u.videoId)).state).toBe('ready');
  });

  it('refuses a forged or expired URL with 403', async () => {
    const u = await uploadUrl();
    const [base, token] = u.uploadUrl.split('/uploads/video/');
    const [h, p, s] = token.split('.');
    const forged = await post(`${base}/uploads/video/${h}.${p}.${s.slice(0, -2)}AA`, webm);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ errorMsg: { video: [messages.video.uploadUrlInvalid] } });
    expect((await post(`${base}/uploads/video/not-a-token`, webm)).statusCode).toBe(403);
    // any origin may use the URL (its token is the credential): the preflight allows it
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: localPath(u.uploadUrl),
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    // expired: the row's deadline has passed (the signed token still parses)
    await t.app.pool.query(`UPDATE videos SET upload_expires_at = now() - interval '1 second' WHERE id = $1`, [u.videoId]);
    const late = await post(u.uploadUrl, webm);
    expect(late.statusCode).toBe(403);
    expect(late.json().errorMsg.video[0]).toBe(messages.video.uploadUrlInvalid);
    expect(filesOf(tenant.client.id, u.videoId)).toEqual([]);
  });

  it('refuses a file over the cap with 413 and keeps nothing', async () => {
    const u = await uploadUrl();
    const big = Buffer.concat([webm, Buffer.alloc(CAP - webm.length + 10)]);
    const res = await post(u.uploadUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().errorMsg.video[0]).toBe(messages.video.tooLarge(Math.round((CAP / 1024 / 1024) * 10) / 10));
    expect(filesOf(tenant.client.id, u.videoId)).toEqual([]);
    const r = (await details(u.videoId)).json().result;
    expect(r.state).toBe('failed');
    expect(r.playbackUrl).toBeNull();
  });

  it('refuses a file that is not a video with 415 and keeps nothing', async () => {
    const u = await uploadUrl();
    const res = await post(u.uploadUrl, Buffer.from('%PDF-1.7 this is not a video at all, just text'.repeat(10)), 'doc.webm');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errorMsg: { video: [messages.video.notAVideo] } });
    expect(filesOf(tenant.client.id, u.videoId)).toEqual([]);
    expect((await details(u.videoId)).json().result.state).toBe('failed');
  });

  it('ends a file ffmpeg cannot read in state failed with a reason', async () => {
    const u = await uploadUrl();
    const corrupt = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 0x5a)]);
    expect((await post(u.uploadUrl, corrupt)).statusCode).toBe(201);
    const r = await waitSettled(u.videoId);
    expect(r.state).toBe('failed');
    expect(r.error).toMatch(/^The video could not be read: /);
    expect(r.error).not.toMatch(/\/(tmp|var|home|work)\b|\.test-output|storage\//);
    expect(r.playbackUrl).toBeNull();
    expect(filesOf(tenant.client.id, u.videoId)).toEqual([]);
  });

  it('transcodes a QuickTime MOV too', async () => {
    const mov = (await makeTestVideo({ format: 'mov', seconds: 1 })).bytes;
    const u = await uploadUrl();
    expect((await post(u.uploadUrl, mov, 'clip.mov')).statusCode).toBe(201);
    const r = await waitSettled(u.videoId);
    expect(r.state).toBe('ready');
    expect(r.codec).toBe('h264');
  });

  it('keeps videos inside their tenant', async () => {
    const u = await uploadUrl();
    const foreign = await details(u.videoId, other.staffAuth.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorMsg: { video: [messages.video.videoNotFound] } });
    expect((await details(u.videoId, other.recruiterAuth.headers)).statusCode).toBe(404);
    expect((await details(u.videoId, tenant.recruiterAuth.headers)).statusCode).toBe(200);
    const dl = await t.app.inject({ method: 'POST', url: '/api/video/get-download-url', headers: other.staffAuth.headers, payload: { videoId: u.videoId } });
    expect(dl.statusCode).toBe(404);
    // a recruiter cannot create uploads in a client they cannot access
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/video/get-upload-url',
      headers: other.recruiterAuth.headers,
      payload: { clientId: tenant.client.id },
    });
    expect(cross.statusCode).toBe(404);
    expect(await countRows(t.app, 'videos', `client_id = '${tenant.client.id}' AND owner_id = '${other.recruiter.id}'`)).toBe(0);
  });

  it('needs a signed-in caller for upload URLs and details', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/video/get-upload-url', payload: {} })).statusCode).toBe(401);
    const admin = await t.app.inject({ method: 'POST', url: '/api/video/get-upload-url', headers: tenant.recruiterAuth.headers, payload: {} });
    expect(admin.statusCode).toBe(400);
  });
});

describe('video robustness', () => {
  const videoRow = async (videoId: string) =>
    (await t.app.pool.query('SELECT state, error, original_key, process_attempts FROM videos WHERE id = $1', [videoId])).rows[0];

  it('ends a video whose processing keeps failing for an infrastructure reason in failed on the last attempt', async () => {
    // A video with its original stored and no job queued: the test runs the job's handler itself.
    const u = await uploadUrl();
    const key = originalKey(tenant.client.id, u.videoId);
    await t.app.storage.put(key, webm);
    await t.app.pool.query(`UPDATE videos SET state = 'processing', original_key = $2, upload_used_at = now() WHERE id = $1`, [u.videoId, key]);
    // The same app's deps, but its storage cannot be reached.
    const broken = {
      ...depsOf(t.app),
      storage: { ...t.app.storage, stat: async () => Promise.reject(new Error('storage unavailable')), localPath: undefined },
    };
    expect(PROCESS_ATTEMPTS).toBe(2);
    await expect(processVideo(broken, { clientId: tenant.client.id, videoId: u.videoId })).rejects.toThrow('storage unavailable');
    expect(await videoRow(u.videoId)).toEqual({ state: 'processing', error: null, original_key: key, process_attempts: 1 });
    // the queue's retry: the last attempt gives up with a reason and keeps the original for re-processing
    await processVideo(broken, { clientId: tenant.client.id, videoId: u.videoId });
    expect(await videoRow(u.videoId)).toEqual({ state: 'failed', error: INFRA_FAILURE, original_key: key, process_attempts: 2 });
    const r = (await details(u.videoId)).json().result;
    expect(r.state).toBe('failed');
    expect(r.error).toBe(INFRA_FAILURE);
    expect(filesOf(tenant.client.id, u.videoId)).toEqual(['original']);
    // a late redelivery does nothing more
    await processVideo(depsOf(t.app), { clientId: tenant.client.id, videoId: u.videoId });
    expect((await videoRow(u.videoId)).process_attempts).toBe(2);
  });

  it('expires upload URLs never used and removes what an interrupted upload left behind', async () => {
    const unused = await uploadUrl();
    const fresh = await uploadUrl();
    const cutOff = await uploadUrl();
    const recent = await uploadUrl();
    const done = await uploadUrl();
    expect((await post(done.uploadUrl, webm)).statusCode).toBe(201);
    await waitSettled(done.videoId);
    const now = new Date(Date.now() + 2 * 3600_000); // past the 1 h deadline of these URLs
    // cutOff: claimed long ago and never finished, with a partial temporary file and an original on disk
    const cutKey = originalKey(tenant.client.id, cutOff.videoId);
    await t.app.storage.put(cutKey, webm);
    const partial = `${t.app.storage.localPath?.(cutKey)}.part-123-456`;
    writeFileSync(partial, 'partial');
    await t.app.pool.query(`UPDATE videos SET upload_used_at = $2 WHERE id = $1`, [cutOff.videoId, new Date(now.getTime() - STALE_UPLOAD_MS - 1000)]);
    // recent: claimed a moment ago, still streaming
    await t.app.pool.query(`UPDATE videos SET upload_used_at = $2 WHERE id = $1`, [recent.videoId, new Date(now.getTime() - 60_000)]);
    // fresh: its deadline is still ahead
    await t.app.pool.query(`UPDATE videos SET upload_expires_at = $2 WHERE id = $1`, [fresh.videoId, new Date(now.getTime() + 60_000)]);

    expect(await cleanupStaleUploads(depsOf(t.app), now)).toBeGreaterThanOrEqual(2);
    expect(await videoRow(unused.videoId)).toMatchObject({ state: 'failed', error: UPLOAD_EXPIRED });
    expect(await videoRow(cutOff.videoId)).toMatchObject({ state: 'failed', error: UPLOAD_ABANDONED });
    expect(filesOf(tenant.client.id, cutOff.videoId)).toEqual([]);
    expect(await videoRow(fresh.videoId)).toMatchObject({ state: 'uploading', error: null });
    expect(await videoRow(recent.videoId)).toMatchObject({ state: 'uploading', error: null });
    expect(await videoRow(done.videoId)).toMatchObject({ state: 'ready' });
    // an expired URL stays refused, and a second run finds nothing more to do
    expect((await post(unused.uploadUrl, webm)).statusCode).toBe(403);
    expect(await cleanupStaleUploads(depsOf(t.app), now)).toBe(0);
  });

  it('runs the clean-up on a pg-boss schedule', async () => {
    const schedules = await t.app.queue.boss?.getSchedules();
    expect(schedules?.map((s) => s.name)).toContain(CLEANUP_QUEUE);
  });
});
