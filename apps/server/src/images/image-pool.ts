import sharp from 'sharp';

/**
 * Image work runs in a small pool of its own (a flood of large images must not starve every other request): at most IMAGE_WORKERS sharp
 * pipelines at once, each on one libvips thread, so decoding never takes every thread of libuv's
 * pool (4 by default) that password hashing and file reads share. Callers beyond it wait their turn.
 */
sharp.concurrency(1);
sharp.cache(false);

let active = 0;
let size = 1;
const waiting: Array<() => void> = [];

export function setImagePoolSize(n: number): void {
  size = Math.max(1, n);
}

export async function inImagePool<T>(work: () => Promise<T>): Promise<T> {
  if (active >= size) await new Promise<void>((r) => waiting.push(r));
  active++;
  try {
    return await work();
  } finally {
    active--;
    waiting.shift()?.();
  }
}

/**
 * Width × height from the file's header, read without decoding the pixels; null when unreadable.
 * A decompression bomb (a 10000×10000 PNG of 389 KB) is refused here, before any decoding.
 */
export async function headerPixels(bytes: Buffer): Promise<number | null> {
  try {
    const m = await sharp(bytes, { limitInputPixels: false }).metadata();
    return m.width && m.height ? m.width * m.height : null;
  } catch {
    return null;
  }
}
