import zlib from 'node:zlib';
import { refuse, ResumeParseError } from './errors.ts';
import { messages } from '@hh/contract/messages';

/**
 * Limits on what a PDF's streams may hold, checked before pdf.js reads it: a 60 KB file whose
 * content stream inflates to millions of `0 0 Td` operators kept pdf.js busy for seconds and
 * showed no text at all.
 */
export const PDF_LIMITS = {
  /** Bytes all FlateDecode streams may inflate to, counted while inflating. */
  inflatedBytes: 48 * 1024 * 1024,
  /** Operators in all content streams (a dense resume page has a few thousand). */
  operators: 300_000,
};

const latin = (b: Buffer, from: number, to: number) => b.toString('latin1', Math.max(0, from), Math.min(b.length, to));
/** Streams that hold no page operators: pictures, fonts, metadata, cross-reference and object streams. */
const NOT_CONTENT = /\/Subtype\s*\/(?:Image|XML|Type1C|CIDFontType0C|OpenType)\b|\/Length[123]\b|\/Type\s*\/(?:XRef|ObjStm|Metadata|EmbeddedFile)\b/;

/** Throws ResumeParseError when the PDF's streams inflate past the byte limit or hold too many operators. */
export function checkPdf(b: Buffer, limits = PDF_LIMITS): void {
  let budget = limits.inflatedBytes;
  let operators = 0;
  for (let at = b.indexOf('stream', 0, 'latin1'); at >= 0; at = b.indexOf('stream', at + 6, 'latin1')) {
    if (at >= 3 && latin(b, at - 3, at) === 'end') continue;
    let start = at + 6;
    if (b[start] === 0x0d) start++;
    if (b[start] === 0x0a) start++;
    else if (b[start - 1] !== 0x0d) continue; // "stream" inside other text
    const end = b.indexOf('endstream', start, 'latin1');
    if (end < 0) break;
    const dictFrom = latin(b, at - 2048, at).lastIndexOf('obj');
    const dict = dictFrom >= 0 ? latin(b, at - 2048 + dictFrom, at) : latin(b, at - 2048, at);
    const filters = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? '';
    let data = b.subarray(start, end);
    if (/\/(?:FlateDecode|Fl)\b/.test(filters)) {
      // A chain that inflates second (after ASCII85, say) is left to pdf.js and the worker's limits.
      if (!/^\[?\s*\/(?:FlateDecode|Fl)\b/.test(filters)) continue;
      data = inflateCounted(data, budget);
      budget -= data.length;
    } else if (filters) continue; // images (DCT, JPX, CCITT, JBIG2) and rare text filters
    if (NOT_CONTENT.test(dict)) continue;
    operators += countOperators(data, limits.operators - operators);
    if (operators > limits.operators) throw tooComplex();
    at = end;
  }
}

const tooComplex = () => new ResumeParseError(422, messages.requisitions.resumeTooComplex);

/** zlib-wrapped DEFLATE with a byte count kept while inflating; a truncated stream gives what it holds (pdf.js reads those too). */
function inflateCounted(data: Buffer, limit: number): Buffer {
  if (limit < 1) throw refuse.bomb();
  try {
    return zlib.inflateSync(data, { maxOutputLength: limit, chunkSize: 64 * 1024, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw refuse.bomb();
    return Buffer.alloc(0); // not inflatable: pdf.js will find nothing in it either
  }
}

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelim = (c: number) =>
  c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x22;

/**
 * Operators in a content stream (PDF 32000 §7.8.2): bare tokens that start with a letter or a quote.
 * Strings, hex strings, names and comments are skipped; one pass, stopping once `stopAfter` is passed.
 */
export function countOperators(s: Buffer, stopAfter = Number.POSITIVE_INFINITY): number {
  let n = 0;
  let i = 0;
  while (i < s.length && n <= stopAfter) {
    const c = s[i];
    if (isWhite(c)) i++;
    else if (c === 0x28) {
      // (string), with nesting and backslash escapes
      let depth = 1;
      i++;
      while (i < s.length && depth > 0) {
        if (s[i] === 0x5c) i += 2;
        else {
          if (s[i] === 0x28) depth++;
          else if (s[i] === 0x29) depth--;
          i++;
        }
      }
    } else if (c === 0x25) {
      while (i < s.length && s[i] !== 0x0a && s[i] !== 0x0d) i++;
    } else if (c === 0x3c && s[i + 1] !== 0x3c) {
      while (i < s.length && s[i] !== 0x3e) i++;
      i++;
    } else if (isDelim(c)) {
      i++;
      if (c === 0x2f) while (i < s.length && !isWhite(s[i]) && !isDelim(s[i])) i++;
    } else {
      const first = c;
      const from = i;
      while (i < s.length && !isWhite(s[i]) && !isDelim(s[i])) i++;
      if (isLetter(first)) {
        n++;
        // An inline image's data runs from ID to EI: skip it unread.
        if (i - from === 2 && first === 0x49 && s[from + 1] === 0x44) {
          const ei = s.indexOf('EI', i, 'latin1');
          i = ei < 0 ? s.length : ei + 2;
        }
      }
    }
  }
  return n;
}
