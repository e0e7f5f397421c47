import { Transform, type TransformCallback } from 'node:stream';

/** Image brands that also use an ISO-BMFF `ftyp` box: not videos. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'hevc', 'mif1', 'msf1', 'heim', 'heis']);

/**
 * Whether the first bytes are a video container we transcode: Matroska/WebM (EBML magic
 * 1A 45 DF A3) or ISO-BMFF / QuickTime (MP4, MOV: a box type at offset 4).
 */
export function looksLikeVideo(head: Buffer): boolean {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return true;
  if (head.length < 12) return false;
  const box = head.toString('latin1', 4, 8);
  if (box === 'ftyp') return !IMAGE_BRANDS.has(head.toString('latin1', 8, 12));
  return box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free';
}

export class NotAVideoError extends Error {}
export class TooLargeError extends Error {}

/**
 * Pass-through that checks the signature in the first 12 bytes and counts bytes against the cap,
 * failing the pipeline (so storage discards the partial file) at the first problem. It hands the
 * bytes on in blocks of about 1 MiB (the socket delivers at most 64 KiB at a time), so the disk sees
 * a few hundred large writes rather than thousands of small ones. Memory stays flat: at most one
 * block and the readable buffer (1 MiB) are held.
 */
export class VideoGate extends Transform {
  private head: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  private checked = false;
  /** Chunks held back to write them to disk in blocks of about BLOCK bytes (fewer, larger writes). */
  private pending: Buffer<ArrayBufferLike>[] = [];
  private pendingBytes = 0;
  bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly block = 1024 * 1024,
  ) {
    super({ highWaterMark: block });
  }

  override _transform(input: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    let chunk: Buffer<ArrayBufferLike> = input;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      cb(new TooLargeError('too large'));
      return;
    }
    if (!this.checked) {
      // Only the first chunk(s) are looked at, until 12 bytes are in.
      this.head = this.head.length ? Buffer.concat([this.head, chunk]) : chunk;
      if (this.head.length < 12) {
        cb();
        return;
      }
      this.checked = true;
      if (!looksLikeVideo(this.head)) {
        cb(new NotAVideoError('not a video'));
        return;
      }
      chunk = this.head;
      this.head = Buffer.alloc(0);
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= this.block) this.release();
    cb();
  }

  override _flush(cb: TransformCallback): void {
    if (!this.checked) {
      if (!looksLikeVideo(this.head)) {
        cb(new NotAVideoError('not a video'));
        return;
      }
      this.push(this.head);
    }
    this.release();
    cb();
  }

  private release() {
    if (!this.pendingBytes) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes));
    this.pending = [];
    this.pendingBytes = 0;
  }
}
