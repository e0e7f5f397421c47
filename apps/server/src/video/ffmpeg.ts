import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The bundled ffmpeg binary (DESIGN: video through @ffmpeg-installer/ffmpeg; ffprobe is not bundled). */
export const ffmpegPath: string = ffmpegInstaller.path;

export interface RunResult {
  code: number;
  stderr: string;
}

/** Runs ffmpeg with arguments (never a shell), keeping the last 64 KB of stderr. */
export function runFfmpeg(args: string[], timeoutMs = 10 * 60_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr = (stderr + d).slice(-65536);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 137 : 1), stderr });
    });
  });
}

export interface Probe {
  duration: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

/**
 * Reads what `ffmpeg -i <file>` prints about the input (it exits non-zero because no output is
 * named; the stream lines are what we want). MediaRecorder WebM often says `Duration: N/A`.
 */
export function parseProbe(stderr: string): Probe {
  const input = stderr.split(/\nOutput #0/)[0];
  const d = input.match(/Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/);
  const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  const v = input.match(/Stream #\d+:\d+[^:\n]*: Video: ([a-z0-9_]+)[^\n]*?(\d{2,5})x(\d{2,5})/i);
  const a = input.match(/Stream #\d+:\d+[^:\n]*: Audio: ([a-z0-9_]+)/i);
  return {
    duration,
    width: v ? Number(v[2]) : null,
    height: v ? Number(v[3]) : null,
    videoCodec: v ? v[1] : null,
    audioCodec: a ? a[1] : null,
  };
}

export async function probe(file: string): Promise<Probe & { stderr: string }> {
  const r = await runFfmpeg(['-i', file], 60_000);
  return { ...parseProbe(r.stderr), stderr: r.stderr };
}

/** The last meaningful stderr line: the reason shown for a failed video. */
export function lastError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('At least one output file'));
  // The user sees this (get-details): never a server file path (it would tell an attacker the server's layout).
  return (lines.at(-1) ?? 'unknown error').replace(/(?:[A-Za-z]:)?[/\\][^\s:'"]*/g, 'the file').slice(0, 300);
}
