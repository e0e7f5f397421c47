/**
 * Video upload benchmark (DESIGN budget: "a 200 MB video upload streams to storage with flat memory").
 * Starts the real server, uploads a 200 MB file through a one-time upload URL over HTTP, and prints
 * the throughput next to a plain stream copy of the same file on the same disk, alternating copy and
 * upload BENCH_VIDEO_RUNS times (3) and reporting the medians, the CPU seconds each side used (from
 * /proc; steadier than wall time on a shared machine) and the server's peak resident-memory growth
 * sampled from /proc/<pid>/status during each upload.
 *
 *   npm run bench:video          (BENCH_VIDEO_MB=200, BENCH_VIDEO_RUNS=3 by default)
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
  for (let i = 0; i < sizeMb; i++) if (!out.write(i === sizeMb - 1 ? chunk.subarray(4) : chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

async function plainCopy(): Promise<{ seconds: number; cpu: number }> {
  const target = path.join(dir, 'copy.webm');
  rmSync(target, { force: true });
  const c0 = ownCpu();
  const t0 = performance.now();
  await pipeline(createReadStream(source), createWriteStream(target));
  return { seconds: (performance.now() - t0) / 1000, cpu: ownCpu() - c0 };
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

const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer({ VIDEO_MAX_BYTES: String(1024 * MB) });
try {
  await makeFile();
  const token = await login(server.base, 'staff@demo.test');
  const copies: number[] = [];
  const copyCpu: number[] = [];
  const uploads: number[] = [];
  const serverCpu: number[] = [];
  const clientCpu: number[] = [];
  const growths: number[] = [];
  // Let the server settle after start-up and seeding.
  await new Promise((res) => setTimeout(res, 1500));
  // Alternate copy and upload, so both see the same load on a shared machine.
  for (let run = 0; run < RUNS; run++) {
    const copy = await plainCopy();
    copies.push(copy.seconds);
    copyCpu.push(copy.cpu);
    const r = await fetch(`${server.base}/api/video/get-upload-url`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'bench.webm' }),
    });
    if (r.status !== 201) throw new Error(`get-upload-url: ${r.status} ${await r.text()}`);
    const { uploadUrl } = (await r.json()) as { uploadUrl: string };
    const target = `${server.base}${new URL(uploadUrl).pathname}`;
    // The previous upload's processing job (random bytes: ffmpeg gives up at once) is done by now.
    await new Promise((res) => setTimeout(res, 1000));
    const baseline = server.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rss());
    }, 25);
    const s0 = cpuOf(server.pid);
    const c0 = ownCpu();
    const t0 = performance.now();
    const res = await upload(target);
    uploads.push((performance.now() - t0) / 1000);
    serverCpu.push(cpuOf(server.pid) - s0);
    clientCpu.push(ownCpu() - c0);
    clearInterval(sampler);
    peak = Math.max(peak, server.rss());
    growths.push(peak - baseline);
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.body}`);
    console.log(
      `  run ${run + 1}: copy ${copies[run].toFixed(2)} s, upload ${uploads[run].toFixed(2)} s (${((copies[run] / uploads[run]) * 100).toFixed(0)}%), RSS growth ${(growths[run] / MB).toFixed(1)} MB; ` +
        `CPU: copy ${copyCpu[run].toFixed(2)} s, upload server ${serverCpu[run].toFixed(2)} s + client ${clientCpu[run].toFixed(2)} s`,
    );
  }

  const copySeconds = median(copies);
  const uploadSeconds = median(uploads);
  const copyRate = sizeMb / copySeconds;
  const uploadRate = sizeMb / uploadSeconds;
  const ratio = (uploadRate / copyRate) * 100;
  const growth = Math.max(...growths) / MB;
  console.log(`video upload benchmark (${sizeMb} MB, one-time URL, multipart over HTTP on loopback; median of ${RUNS} runs each)`);
  console.log(`  plain stream copy : ${copySeconds.toFixed(2)} s  ${copyRate.toFixed(0)} MB/s`);
  console.log(`  upload to storage : ${uploadSeconds.toFixed(2)} s  ${uploadRate.toFixed(0)} MB/s`);
  console.log(`  upload / copy     : ${ratio.toFixed(0)}%  (goal >= 80%: ${ratio >= 80 ? 'met' : 'NOT met'})`);
  // Wall time on a shared machine follows the CPU share each process gets; CPU seconds say what the
  // server itself costs per upload, next to what the copy costs (both read/write the same 200 MB).
  console.log(
    `  CPU seconds       : copy ${median(copyCpu).toFixed(2)}; upload server ${median(serverCpu).toFixed(2)} + client ${median(clientCpu).toFixed(2)}` +
      ` (server ${((median(copyCpu) / median(serverCpu)) * 100).toFixed(0)}% as efficient as the copy; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  );
  console.log(`  server RSS growth : ${growth.toFixed(1)} MB at most  (goal < 50 MB: ${growth < 50 ? 'met' : 'NOT met'})`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
