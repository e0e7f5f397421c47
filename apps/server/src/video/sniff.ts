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
 * failing the pipeline (so storage discards the partial file) at the first problem. Memory stays
 * flat: only the 12-byte head is ever held.
 */
export class VideoGate extends Transform {
  private head = Buffer.alloc(0);
  private checked = false;
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      cb(new TooLargeError('too large'));
      return;
    }
    if (this.checked) {
      cb(null, chunk);
      return;
    }
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < 12) {
      cb();
      return;
    }
    this.checked = true;
    if (!looksLikeVideo(this.head)) {
      cb(new NotAVideoError('not a video'));
      return;
    }
    const out = this.head;
    this.head = Buffer.alloc(0);
    cb(null, out);
  }

  override _flush(cb: TransformCallback): void {
    if (!this.checked) {
      if (!looksLikeVideo(this.head)) {
        cb(new NotAVideoError('not a video'));
        return;
      }
      this.push(this.head);
    }
    cb();
  }
}
