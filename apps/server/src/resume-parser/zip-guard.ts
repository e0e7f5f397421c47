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
