import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';

/**
 * Test and demo media made by ffmpeg's own test sources (testsrc picture, sine tone): real files,
 * tiny (160x120) so tests stay fast on two cores.
 */
export async function makeTestVideo(opts: { format: 'webm' | 'mp4' | 'mov'; seconds?: number; size?: string; file?: string } = { format: 'webm' }) {
  const seconds = String(opts.seconds ?? 1);
  const size = opts.size ?? '160x120';
  const file = opts.file ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'hh-testvid-')), `clip.${opts.format}`);
  const codecs =
    opts.format === 'webm'
      ? ['-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  const r = await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=15:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    ...codecs,
    '-shortest',
    file,
  ]);
  if (r.code !== 0) throw new Error(`ffmpeg could not make a test video: ${r.stderr.slice(-500)}`);
  return { file, bytes: readFileSync(file) };
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartBody(bytes: Buffer, opts: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----hh${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'clip.webm'}"\r\nContent-Type: ${opts.contentType ?? 'video/webm'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
