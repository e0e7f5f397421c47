import { messages } from '@hh/contract/messages';
import { pageVideoThumbnail, type VideoDetails } from '@hh/contract/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTenant, createUser, setupTestApp, signIn, type TestApp } from '../../test/helpers.ts';
import { IMMUTABLE_CACHE } from '../images/index.ts';
import { makeTestVideo, multipartBody } from './test-media.ts';

/**
 * Page videos (the career-site editor's video block): uploaded from the career-site editor with `purpose: 'page'`, public once
 * processed (docs/site-builder.md "Page videos"), while Wave videos keep their rule.
 */
const CAP = 200_000;
let t: TestApp;
let A: Awaited<ReturnType<typeof createTenant>>;
let B: Awaited<ReturnType<typeof createTenant>>;
let webm: Buffer;
/** One page video and one Wave video of A, uploaded and processed once for the file. */
let page: VideoDetails;
let wave: VideoDetails;

type Auth = { headers: Record<string, string> };
const askUpload = (auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/video/get-upload-url', headers: auth.headers, payload });
const local = (u: string) => new URL(u).pathname + new URL(u).search;
const fetchMedia = (u: string) => t.app.inject({ method: 'GET', url: local(u) });

async function uploadAndProcess(auth: Auth, payload: Record<string, unknown>): Promise<VideoDetails> {
  const res = await askUpload(auth, payload);
  expect(res.statusCode, res.body).toBe(201);
  const { videoId, uploadUrl } = res.json() as { videoId: string; uploadUrl: string };
  const up = await t.app.inject({ method: 'POST', url: local(uploadUrl), ...multipartBody(webm, { filename: 'clip.webm' }) });
  expect(up.statusCode, up.body).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const d = (await t.app.inject({ method: 'GET', url: `/api/video/get-details?videoId=${videoId}`, headers: auth.headers })).json().result as VideoDetails;
    if (d.state === 'ready' || d.state === 'failed') return d;
    if (Date.now() > deadline) throw new Error(`video ${videoId} still ${d.state}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  t = await setupTestApp({ VIDEO_MAX_BYTES: String(CAP) });
  A = await createTenant(t.app);
  B = await createTenant(t.app);
  webm = (await makeTestVideo({ format: 'webm', seconds: 1 })).bytes;
  page = await uploadAndProcess(A.staffAuth, { clientId: A.client.id, fileName: 'hero.webm', purpose: 'page' });
  wave = await uploadAndProcess(A.staffAuth, { clientId: A.client.id, fileName: 'answer.webm' });
}, 120_000);
afterAll(async () => t?.close());

describe('page videos', () => {
  it('are served publicly once processed: plain links, no signature, cacheable like uploaded images', async () => {
    expect(page.state).toBe('ready');
    const base = `${t.app.config.publicUrl}/videos/${A.client.id}/${page.videoId}`;
    // get-details gives the plain links the editor stores (no exp/sig)
    expect(page.playbackUrl).toBe(`${base}/playback.mp4`);
    expect(page.thumbnailUrl).toBe(`${base}/thumbnail.jpg`);
    expect(page.previewUrl).toBe(`${base}/preview.mp4`);
    expect(pageVideoThumbnail(page.playbackUrl as string)).toBe(page.thumbnailUrl);

    const playback = await fetchMedia(`${base}/playback.mp4`);
    expect(playback.statusCode).toBe(200);
    expect(playback.headers['content-type']).toBe('video/mp4');
    expect(playback.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(playback.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    const range = await t.app.inject({ method: 'GET', url: local(`${base}/playback.mp4`), headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    const thumb = await fetchMedia(`${base}/thumbnail.jpg`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect((await fetchMedia(`${base}/preview.mp4`)).statusCode).toBe(200);
    // the download stays behind a signature, and a path naming another client finds nothing
    expect((await fetchMedia(`${base}/download.mp4`)).statusCode).toBe(404);
    expect((await fetchMedia(`${t.app.config.publicUrl}/videos/${B.client.id}/${page.videoId}/playback.mp4`)).statusCode).toBe(404);
  });

  it('leave Wave videos of the same client private: no file without a signature', async () => {
    expect(wave.state).toBe('ready');
    expect(wave.playbackUrl).toMatch(/\?exp=\d+&sig=/);
    for (const u of [wave.playbackUrl, wave.thumbnailUrl, wave.previewUrl] as string[]) {
      expect((await fetchMedia(u)).statusCode).toBe(200);
      const plain = new URL(u);
      plain.search = '';
      const res = await fetchMedia(plain.toString());
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('Not found');
    }
    expect(await countRows(t.app, 'videos', `id = '${wave.videoId}' AND purpose = 'wave'`)).toBe(1);
    expect(await countRows(t.app, 'videos', `id = '${page.videoId}' AND purpose = 'page'`)).toBe(1);
  });

  it('need the right to edit the client’s pages: 403 without it, and no video row', async () => {
    // A Wave admin of A whose Harvest right is member (reads pages, cannot save them).
    const member = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'admin', harvest: 'member' } });
    const auth = await signIn(t.app, member.email);
    const refused = await askUpload(auth, { clientId: A.client.id, purpose: 'page' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMsg: { video: [messages.server.forbidden] } });
    const noRight = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { wave: 'admin' } });
    expect((await askUpload(await signIn(t.app, noRight.email), { purpose: 'page' })).statusCode).toBe(403);
    expect(await countRows(t.app, 'videos', `owner_id IN ('${member.id}', '${noRight.id}')`)).toBe(0);
    // the same user still records Wave answers (the default purpose)
    expect((await askUpload(auth, { clientId: A.client.id })).statusCode).toBe(201);
    // a Harvest editor may
    const editor = await createUser(t.app, { role: 'user', clientId: A.client.id, products: { harvest: 'editor' } });
    expect((await askUpload(await signIn(t.app, editor.email), { purpose: 'page' })).statusCode).toBe(201);
  });

  it('cannot be asked for in a client the caller does not manage', async () => {
    for (const auth of [B.recruiterAuth, B.staffAuth]) {
      const res = await askUpload(auth, { clientId: A.client.id, purpose: 'page' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(A.client.id);
    }
    expect(await countRows(t.app, 'videos', `client_id = '${A.client.id}' AND owner_id IN ('${B.recruiter.id}', '${B.staff.id}')`)).toBe(0);
    const bad = await askUpload(A.staffAuth, { clientId: A.client.id, purpose: 'public' });
    expect(bad.statusCode).toBe(400);
  });

  it('play on the published page: the Video and Hero blocks point at the public file, nothing preloaded', async () => {
    const src = page.playbackUrl as string;
    const content = {
      root: { props: { title: 'Home' } },
      content: [
        { type: 'Hero', props: { id: 'hero', title: 'Come as you are', video: src } },
        { type: 'Video', props: { id: 'v', title: 'A day with us', src } },
      ],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/page-templates/create',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, pages: [{ name: 'Home', content }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pub = await t.app.inject({
      method: 'POST',
      url: '/api/published-page-templates',
      headers: A.staffAuth.headers,
      payload: { clientId: A.client.id, templateId: created.json()._id, pageName: 'Home' },
    });
    expect(pub.statusCode, pub.body).toBe(201);
    const html = (await t.app.inject({ method: 'GET', url: `/${A.client.nameSlug}`, headers: { accept: 'text/html' } })).body;
    expect(html).toContain(`<video class="bg" src="${src}"`);
    expect(html).toMatch(new RegExp(`<video class="media" controls preload="none" playsinline src="${src.replace(/[.?]/g, '\\$&')}"`));
    // what a visitor's browser then fetches: no session, no signature
    const played = await fetchMedia(src);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
  });
});
