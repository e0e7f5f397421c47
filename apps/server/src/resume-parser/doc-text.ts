import { refuse } from './errors.ts';

const JUNK =
  /^(Root Entry|WordDocument|SummaryInformation|DocumentSummaryInformation|CompObj|[01]Table|Data|ObjectPool|Normal|Default Paragraph Font|Table Normal|No List|Times New Roman|Arial|Calibri|Symbol|Courier New|Microsoft (Office )?Word.*|Word\.Document\.\d+|MSWordDoc|Title|Heading \d|Body Text|List Paragraph)$/i;

/**
 * Legacy Word 97-2003 (.doc, an OLE2 compound file). A full reader of the piece table is more than a
 * resume needs: Word keeps the body as one run of UTF-16LE (or cp1252) characters with \r between
 * paragraphs and \x07 after table cells, so the longest printable runs are the text. Storage names,
 * style and font names are dropped. An encrypted file (an OOXML "EncryptedPackage", or a Word FIB
 * with fEncrypted set) is refused.
 */
export function docToText(b: Buffer): string {
  const latin = b.toString('latin1');
  if (latin.includes('E\0n\0c\0r\0y\0p\0t\0e\0d\0P\0a\0c\0k\0a\0g\0e\0')) throw refuse.encrypted();
  for (let off = 512; off + 12 < b.length; off += 512) {
    const ident = b.readUInt16LE(off);
    if (ident === 0xa5ec || ident === 0xa5dc) {
      if (b.readUInt16LE(off + 10) & 0x0100) throw refuse.encrypted();
      break;
    }
  }
  const wide: string[] = [];
  let run = '';
  for (let i = 0; i + 1 < b.length; i += 2) {
    const c = b.readUInt16LE(i);
    if ((c >= 0x20 && c < 0xd800 && c !== 0xfffe && c !== 0xffff) || c === 0x0d || c === 0x07 || c === 0x0b || c === 0x09) run += String.fromCharCode(c);
    else {
      if (run.length >= 4) wide.push(run);
      run = '';
    }
  }
  if (run.length >= 4) wide.push(run);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Word's paragraph, cell and line marks
  const narrow = latin.match(/[\x20-\x7e\xa0-\xff\r\x07\x0b\t]{6,}/g) ?? [];
  const score = (parts: string[]) => parts.filter((p) => /[a-z]{3}/i.test(p) && p.length > 15).reduce((n, p) => n + p.length, 0);
  const chosen = score(wide) >= score(narrow) ? wide : narrow;
  return chosen
    .join('\n')
    .replaceAll('\r', '\n')
    .replaceAll('\u000b', '\n')
    .replaceAll('\u0007', '\t')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !JUNK.test(l) && /[\p{L}\d@]/u.test(l))
    .join('\n');
}
