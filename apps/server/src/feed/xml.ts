/**
 * A small streaming XML writer for the Indeed feed. DESIGN.md: "XML: a streaming writer; never
 * build a 100k-job feed as one string". Pieces are buffered into ~64 KB chunks that the feed
 * stream hands to the socket one at a time (with backpressure), so memory stays flat.
 */

// Characters XML 1.0 forbids even inside CDATA (https://www.w3.org/TR/xml/#charsets).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to drop
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text in CDATA (Indeed's feed examples wrap every value this way). A "]]>" inside is split across two sections. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: see INVALID_XML_CHARS
const NEEDS_WORK = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|]]>/;

export function cdata(text: string | number | null | undefined): string {
  const s = text == null ? '' : String(text);
  // Fast path: most values need no change (this runs ~25 times per job, 100k jobs per feed).
  if (!NEEDS_WORK.test(s)) return `<![CDATA[${s}]]>`;
  return `<![CDATA[${s.replace(INVALID_XML_CHARS, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `<name><![CDATA[value]]></name>`; element names here are our own constants. */
export const el = (name: string, value: string | number | null | undefined) => `<${name}>${cdata(value)}</${name}>`;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The feed's error document (core spec §8: "returned as XML with a code and message"). */
export function errorXml(code: number, message: string): string {
  return `${XML_DECLARATION}<error><code>${code}</code>${el('message', message)}</error>\n`;
}

/**
 * Encodes pieces straight into fixed-size byte chunks (UTF-8), so the feed never holds more than
 * a chunk or two and builds no large strings: each job's text is short-lived garbage, and the
 * chunks are Buffers the socket writes as they are.
 */
export class ChunkBuffer {
  private chunk: Buffer;
  private used = 0;
  private ready: Buffer[] = [];
  constructor(private readonly size = 64 * 1024) {
    this.chunk = Buffer.allocUnsafe(size);
  }

  push(piece: string): void {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8.
    if (this.used + piece.length * 3 > this.size) {
      this.seal();
      if (piece.length * 3 > this.size) {
        this.ready.push(Buffer.from(piece, 'utf8'));
        return;
      }
    }
    this.used += this.chunk.write(piece, this.used, 'utf8');
  }

  private seal(): void {
    if (!this.used) return;
    this.ready.push(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(this.size);
    this.used = 0;
  }

  /** A chunk is ready to go out. */
  get full(): boolean {
    return this.ready.length > 0;
  }

  /** Every byte pushed so far, as one Buffer (the sealed chunks, then the open one). */
  take(): Buffer {
    this.seal();
    const out = this.ready.length === 1 ? this.ready[0] : Buffer.concat(this.ready);
    this.ready = [];
    return out;
  }
}
