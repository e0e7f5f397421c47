import zlib from 'node:zlib';
import { refuse } from './errors.ts';

/** Limits for a DOCX (a ZIP) before anything inflates it: a zip bomb is refused from its directory alone. */
export const ZIP_LIMITS = { entries: 1000, totalBytes: 60 * 1024 * 1024, ratio: 200 };

/**
 * Reads the ZIP central directory (APPNOTE 4.3.12/4.3.16) and refuses archives that are encrypted
 * (general-purpose bit 0), hold too many entries, would inflate beyond `totalBytes`, or compress
 * one entry more than `ratio` to 1 (a DOCX's XML compresses about 5-15x). Sizes come from the
 * directory; mammoth's inflater then reads at most what was declared.
 */
export function checkZip(b: Buffer): void {
  const min = Math.max(0, b.length - 65_557);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse.unreadable();
  const count = b.readUInt16LE(eocd + 10);
  const cdOffset = b.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw refuse.bomb(); // ZIP64: no DOCX needs it
  if (count > ZIP_LIMITS.entries) throw refuse.bomb();
  let p = cdOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) throw refuse.unreadable();
    const flags = b.readUInt16LE(p + 8);
    const compressed = b.readUInt32LE(p + 20);
    const size = b.readUInt32LE(p + 24);
    if (flags & 0x1) throw refuse.encrypted();
    total += size;
    if (total > ZIP_LIMITS.totalBytes) throw refuse.bomb();
    if (size > 1024 * 1024 && size > compressed * ZIP_LIMITS.ratio) throw refuse.bomb();
    p += 46 + b.readUInt16LE(p + 28) + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
}

/** What a DOCX may inflate to, counted while inflating (the text parts; pictures and embedded files are left out). */
export const DOCX_MAX_INFLATED = 20 * 1024 * 1024;
/** Parts a text reader never needs: pictures and embedded objects (often the largest entries). */
const SKIPPED = /^word\/(?:media|embeddings)\//;

/**
 * The archive's entries inflated by us, with every byte counted as it comes out of the inflater: an
 * entry whose directory declares 4 KB but inflates to 1 GB stops at `maxBytes` in all (the declared
 * sizes are never trusted). Returned as a new ZIP whose entries are stored (not compressed), so the
 * readers that open it (mammoth, JSZip) inflate nothing themselves. Call checkZip first.
 */
export async function reinflateZip(b: Buffer, maxBytes = DOCX_MAX_INFLATED): Promise<Buffer> {
  const entries = inflateEntries(b, maxBytes);
  const { default: JSZip } = await import('jszip');
  const out = new JSZip();
  for (const [name, data] of entries) out.file(name, data, { binary: true, createFolders: false });
  return out.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

export function inflateEntries(b: Buffer, maxBytes = DOCX_MAX_INFLATED): Map<string, Buffer> {
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse.unreadable();
  const count = b.readUInt16LE(eocd + 10);
  let p = b.readUInt32LE(eocd + 16);
  let budget = maxBytes;
  const out = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) throw refuse.unreadable();
    const method = b.readUInt16LE(p + 10);
    const compressed = b.readUInt32LE(p + 20);
    const nameLen = b.readUInt16LE(p + 28);
    const local = b.readUInt32LE(p + 42);
    const name = b.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    if (name.endsWith('/') || SKIPPED.test(name)) continue;
    if (local + 30 > b.length || b.readUInt32LE(local) !== 0x04034b50) throw refuse.unreadable();
    const start = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    if (start + compressed > b.length) throw refuse.unreadable();
    const data = b.subarray(start, start + compressed);
    let bytes: Buffer;
    if (method === 0) bytes = data;
    else if (method === 8) bytes = inflateCounted(data, budget);
    else throw refuse.unreadable();
    if (bytes.length > budget) throw refuse.bomb();
    budget -= bytes.length;
    out.set(name, bytes);
  }
  return out;
}

/**
 * Inflates raw DEFLATE data chunk by chunk and counts what comes out: past `limit` bytes the
 * inflater is stopped and the file refused, whatever size the archive declared.
 */
export function inflateCounted(data: Buffer, limit: number): Buffer {
  if (limit < 1) throw refuse.bomb();
  try {
    // zlib checks maxOutputLength after every 64 KB chunk it produces and stops there with
    // ERR_BUFFER_TOO_LARGE: the count is kept while inflating, not taken from the directory.
    return zlib.inflateRawSync(data, { maxOutputLength: limit, chunkSize: 64 * 1024 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw refuse.bomb();
    throw refuse.unreadable();
  }
}
