/**
 * Video upload benchmark (DESIGN budget: "a 200 MB video upload streams to storage with flat memory").
 * Starts the real server, uploads a 200 MB file through a one-time upload URL over HTTP, and prints
 * the throughput next to a plain stream copy of the same bytes on the same disk in the same run,
 * plus the server's peak resident-memory growth sampled from /proc/<pid>/status during the upload.
 *
 *   node --import tsx bench/video/run.ts          (BENCH_VIDEO_MB=200 by default)
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { login, startServer } from '../lib/server.ts';

const MB = 1024 * 1024;
const sizeMb = Number(process.env.BENCH_VIDEO_MB ?? 200);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hh-bench-video-'));
const source = path.join(dir, 'upload.webm');

async function makeFile() {
  // A WebM (EBML) signature, then random bytes: passes the upload's sniffing; what matters here is the stream.
  const out = createWriteStream(source);
  const chunk = randomBytes(MB);
  out.write(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  for (let i = 0; i < sizeMb; i++) if (!out.write(i === sizeMb - 1 ? chunk.subarray(4) : chunk)) await new Promise((r) => out.once('drain', r));
  await new Promise<void>((r) => out.end(r));
}

async function plainCopy(): Promise<number> {
  const t0 = performance.now();
  await pipeline(createReadStream(source), createWriteStream(path.join(dir, 'copy.webm')));
  return (performance.now() - t0) / 1000;
}

function upload(url: string): Promise<{ status: number; body: string }> {
  const boundary = `----hhbench${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.webm"\r\nContent-Type: video/webm\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(source).size;
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(source, { highWaterMark: MB });
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
    file.on('error', reject);
  });
}

const server = await startServer({ VIDEO_MAX_BYTES: String(1024 * MB) });
try {
  await makeFile();
  const token = await login(server.base, 'staff@demo.test');
  const copySeconds = await plainCopy();

  const r = await fetch(`${server.base}/api/video/get-upload-url`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'bench.webm' }),
  });
  if (r.status !== 201) throw new Error(`get-upload-url: ${r.status} ${await r.text()}`);
  const { uploadUrl } = (await r.json()) as { uploadUrl: string };
  const local = new URL(uploadUrl);
  const target = `${server.base}${local.pathname}`;

  // Let the server settle after start-up and seeding, then sample its memory through the upload.
  await new Promise((res) => setTimeout(res, 1500));
  const baseline = server.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 25);
  const t0 = performance.now();
  const res = await upload(target);
  const uploadSeconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, server.rss());
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.body}`);

  const copyRate = sizeMb / copySeconds;
  const uploadRate = sizeMb / uploadSeconds;
  console.log(`video upload benchmark (${sizeMb} MB, one-time URL, multipart over HTTP on loopback)`);
  console.log(`  plain stream copy : ${copySeconds.toFixed(2)} s  ${copyRate.toFixed(0)} MB/s`);
  console.log(
    `  upload to storage : ${uploadSeconds.toFixed(2)} s  ${uploadRate.toFixed(0)} MB/s  (${((uploadRate / copyRate) * 100).toFixed(0)}% of the copy; goal >= 80%)`,
  );
  console.log(
    `  server RSS        : ${(baseline / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB peak, growth ${((peak - baseline) / MB).toFixed(1)} MB (goal < 50 MB)`,
  );
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
