import { type ResumeKind, sniffResume } from './sniff-resume.ts';
import { docToText } from './doc-text.ts';
import { refuse } from './errors.ts';
import { pdfToText } from './pdf-text.ts';
import { rtfToText } from './rtf-text.ts';
import { checkZip, reinflateZip } from './zip-guard.ts';

export const RESUME_MAX_BYTES = 10 * 1024 * 1024;

/** What the caller says the file is (MIME type or file name); null when it says nothing useful. */
export function claimedKind(contentType: string, fileName = ''): ResumeKind['ext'] | null {
  const ct = contentType.toLowerCase().split(';')[0].trim();
  const byType: Record<string, ResumeKind['ext']> = {
    'application/pdf': 'pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
    'application/msword': 'doc',
    'application/rtf': 'rtf',
    'text/rtf': 'rtf',
    'text/plain': 'txt',
  };
  if (byType[ct]) return byType[ct];
  const ext = /\.([a-z]{3,4})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'pdf' || ext === 'docx' || ext === 'doc' || ext === 'rtf' || ext === 'txt') return ext;
  return null;
}

/**
 * The resume's kind from its bytes, checked against the claim: a PNG named resume.pdf, or a PDF sent
 * as DOCX, is refused. An encrypted DOCX is an OLE2 file (EncryptedPackage), so a DOCX claim that
 * sniffs as DOC is let through to the DOC reader, which refuses it as encrypted.
 */
export function checkedKind(bytes: Buffer, contentType: string, fileName = ''): ResumeKind['ext'] {
  if (bytes.length === 0) throw refuse.empty();
  if (bytes.length > RESUME_MAX_BYTES) throw refuse.tooLarge();
  const sniffed = sniffResume(bytes)?.ext ?? null;
  const claimed = claimedKind(contentType, fileName);
  if (!sniffed) throw claimed ? refuse.notWhatItClaims() : refuse.unsupported();
  if (claimed && claimed !== sniffed && !(claimed === 'docx' && sniffed === 'doc') && !(claimed === 'txt' && sniffed === 'rtf')) {
    throw refuse.notWhatItClaims();
  }
  return sniffed;
}

/** Characters of text kept from a resume (search, keywords and the fields use no more). */
export const MAX_TEXT = 200_000;

/**
 * mammoth reads the body only; a resume often puts the name and contact line in the page header.
 * Also returns the text set in the largest type in the body (the name, in a two-column table layout
 * where the contact cell comes first), like the PDF reader does.
 */
async function docxHeaderText(bytes: Buffer): Promise<{ headers: string; largest: string }> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(bytes);
  let largest = '';
  const doc = zip.files['word/document.xml'];
  if (doc) {
    const xml = await doc.async('string');
    const runs: Array<{ size: number; text: string }> = [];
    for (const para of xml.split(/<\/w:p>/).slice(0, 400)) {
      const size = Number(/<w:sz w:val="(\d+)"/.exec(para)?.[1] ?? 0);
      const text = runText(para);
      if (text) runs.push({ size, text });
    }
    const sized = runs.filter((r) => r.size > 0).map((r) => r.size);
    const max = Math.max(0, ...sized);
    // Body text without an explicit size is the document default (usually 10-12 pt, i.e. 20-24 half-points).
    if (max >= 30) {
      const top = runs.find((r) => r.size === max);
      if (top && top.text.length <= 60) largest = top.text;
    }
  }
  const parts = Object.keys(zip.files)
    .filter((n) => /^word\/header\d*\.xml$/.test(n))
    .sort();
  const out: string[] = [];
  for (const name of parts) {
    const xml = await zip.files[name].async('string');
    for (const p of xml.split(/<\/w:p>/)) {
      const t = headerLineText(p);
      if (t && !out.includes(t)) out.push(t);
    }
  }
  return { headers: out.join('\n'), largest };
}

// A run's text: attributes may not hold '<' or '>' (`[^<>]*`, not `[^>]*`, which rescans to the next '>'
// from every "<w:t " of a hostile part).
const W_T = /<w:t(?:\s[^<>]*)?>([^<]*)<\/w:t>/g;
const W_T_OR_TAB = /<w:t(?:\s[^<>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g;

/** The text of one paragraph of word/document.xml (its runs' w:t elements). */
export const runText = (para: string) => decodeXml([...para.matchAll(W_T)].map((m) => m[1]).join('')).trim();

/** The text of one paragraph of a page header, tabs kept. */
export const headerLineText = (para: string) => decodeXml([...para.matchAll(W_T_OR_TAB)].map((m) => (m[0].startsWith('<w:tab') ? '\t' : m[1])).join('')).trim();

/** XML character references and the five entities; a reference outside Unicode becomes U+FFFD. */
export const decodeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (_m, e: string) =>
    e === 'lt'
      ? '<'
      : e === 'gt'
        ? '>'
        : e === 'amp'
          ? '&'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : codePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

const codePoint = (n: number) => (n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd');

/** Plain text of a resume whose kind was checked. Throws ResumeParseError for encrypted, bomb or unreadable files. */
export async function extractText(bytes: Buffer, kind: ResumeKind['ext']): Promise<string> {
  let text: string;
  if (kind === 'pdf') text = await pdfToText(bytes);
  else if (kind === 'docx') {
    checkZip(bytes);
    // The directory's sizes are not trusted: every part is inflated by us with a byte count (zip-guard.ts).
    const stored = await reinflateZip(bytes);
    try {
      // mammoth and JSZip are loaded on the first DOCX (a worker reading a PDF starts without them).
      const { default: mammoth } = await import('mammoth');
      const [body, extra] = await Promise.all([mammoth.extractRawText({ buffer: stored }), docxHeaderText(stored)]);
      text = [extra.largest, extra.headers, body.value].filter(Boolean).join('\n\n');
    } catch {
      throw refuse.unreadable();
    }
  } else if (kind === 'doc') text = docToText(bytes);
  else if (kind === 'rtf') text = rtfToText(bytes.toString('latin1'));
  else text = bytes.subarray(0, MAX_TEXT * 4).toString('utf8');
  return text
    .slice(0, MAX_TEXT * 2)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replaceAll('\u0000', '')
    .slice(0, MAX_TEXT);
}
