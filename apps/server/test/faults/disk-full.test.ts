import { messages } from '@hh/contract/messages';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { makeTestVideo, multipartBody } from '../../src/video/test-media.ts';
import { createTenant, type Postgres, reportFigures, removeDir, type Server, startPostgres, startServer, tempDir } from './support.ts';

/**
 * The disk full while a video is written: the storage folder is a 2 MB tmpfs (a real file system
 * that really fills), a 4 MB video upload meets ENOSPC half-way. The answer is 507 with the
 * catalogue's message, no partial file is left, and the process goes on serving, uploads included.
 */
const dir = tempDir('hh-fault-disk-');
const storage = path.join(dir, 'data', 'storage');
let mounted = false;
let pg: Postgres | undefined;
let server: Server | undefined;
afterAll(async () => {
  await server?.stop();
  await pg?.close();
  if (mounted) execFileSync('umount', [storage]);
  removeDir(dir);
});

function mountSmallDisk(): string | null {
  mkdirSync(storage, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,mode=0755', 'tmpfs', storage], { stdio: 'pipe' });
    mounted = true;
    return null;
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err).trim();
  }
}

function filesUnder(d: string): string[] {
  return readdirSync(d, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const freeBytes = () => {
  const s = statfsSync(storage);
  return s.bavail * s.bsize;
};

describe('the disk full while a video is written', () => {
  const why = mountSmallDisk();
  // Mounting a tmpfs needs root (CI runs as root); elsewhere the reason is printed and the test skipped.
  if (why) process.stdout.write(`[faults] disk full: skipped, a small tmpfs could not be mounted (${why})\n`);
  it.skipIf(why !== null)('answers 507 with the catalogue message, leaves no partial file and keeps serving', async () => {
    onTestFailed(() => {
      process.stdout.write(`server output:\n${server?.output().slice(-6000)}\n`);
    });
    pg = await startPostgres(dir, { fast: true });
    server = await startServer({ DATABASE_URL: pg.url, DATA_DIR: path.join(dir, 'data') });
    const base = server.base;
    const tenant = await createTenant(pg.url, base);
    const uploadUrl = async () => {
      const r = await fetch(`${base}/api/video/get-upload-url`, {
        method: 'POST',
        headers: { ...tenant.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: tenant.clientId }),
      });
      expect(r.status).toBe(201);
      return ((await r.json()) as { uploadUrl: string }).uploadUrl.replace(/^https?:\/\/[^/]+/, base);
    };
    const upload = async (url: string, bytes: Buffer) => {
      const body = multipartBody(bytes);
      const r = await fetch(url, { method: 'POST', headers: body.headers, body: body.payload });
      return { status: r.status, body: await r.json() };
    };
    const { bytes: clip } = await makeTestVideo({ format: 'webm' });
    const freeBefore = freeBytes();

    // A real video's header, then 4 MB: twice what the disk holds. Meanwhile other requests are served.
    const big = Buffer.concat([clip, randomBytes(4 * 1024 * 1024)]);
    const served: number[] = [];
    let uploading = true;
    const meanwhile = (async () => {
      while (uploading) {
        served.push((await fetch(`${base}/health`)).status);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const refused = await upload(await uploadUrl(), big);
    uploading = false;
    await meanwhile;
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ errorMsg: { storage: [messages.server.storageFull] } });
    // No partial file: nothing under the storage folder, and the space is free again.
    const left = filesUnder(storage);
    expect(left).toEqual([]);
    expect(freeBytes()).toBeGreaterThanOrEqual(freeBefore - 64 * 1024); // only the new folders' entries
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((s) => s === 200)).toBe(true);

    // The process keeps serving, writes included: a video that fits is stored.
    const fits = await upload(await uploadUrl(), clip);
    expect(fits.status).toBe(201);
    const stored = filesUnder(storage);
    expect(stored.some((f) => f.endsWith('/original'))).toBe(true);
    expect(stored.some((f) => f.includes('.part-'))).toBe(false);
    expect((await fetch(`${base}/health`)).status).toBe(200);

    reportFigures('disk full', {
      'upload refused': `${refused.status}`,
      'partial files left': left.length,
      'requests served meanwhile': served.length,
      'faults survived': 1,
      'writes lost': 0,
    });
  });
});
