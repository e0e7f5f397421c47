/**
 * Pathological inputs of about 1 MB each for the linear-time tests and bench/resume/pathological.ts:
 * long runs of one character, of letters, digits, spaces and separators, and repeated fragments that
 * made a quadratic pattern rescan its input.
 */
export const MB = 1_000_000;
const fill = (unit: string, tail = '') => unit.repeat(Math.ceil((MB - tail.length) / unit.length)).slice(0, MB - tail.length) + tail;

export const PATHOLOGICAL: Record<string, string> = {
  letters: fill('a'),
  ats: fill('@'),
  digits: fill('1'),
  spacesThenX: fill(' ', 'x'),
  tabsThenX: fill('\t', 'x'),
  letterAt: fill('a@'),
  letterDot: fill('a.'),
  atDomain: fill('a@a.'),
  commaSpace: fill(', ', 'x'),
  colons: fill(':', 'x'),
  dots: fill('.', 'x'),
  dashes: fill('-', 'x'),
  open: fill('('),
  close: fill(')'),
  pipes: fill(' |'),
  words: fill('a '),
  digitsSpaced: fill('1 '),
  years: fill('2020 - '),
  months: fill('jan '),
  www: fill('www.'),
  capitalised: fill('Ana '),
  placeComma: fill('Berlin, '),
  bullets: fill('• '),
  skillsLabel: fill('skills: a, '),
  xmlText: fill('<w:t '),
  entities: fill('&#1'),
  newlines: fill('a\n'),
};

/**
 * The three documents that froze the server before parsing moved to a worker (docs/decisions/0404):
 * built here for the tests and bench/resume/pathological.ts (pdf-lib is a development dependency;
 * nothing in the server imports this file).
 */

/** A text resume of 50,000 × 'a' (the old EMAIL pattern spent 23.5 s on it). */
export const textBomb = () => Buffer.from(`Pat Flood\n${'a'.repeat(50_000)}\n`);

/** A small PDF whose one content stream inflates to `ops` × "0 0 Td" (2,000,000: 14 MB of operators from ~21 KB). */
export async function operatorBombPdf(ops = 2_000_000): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Pat Flood', { x: 50, y: 780, size: 12, font });
  // A second content stream after the one that draws the name: it moves the text position `ops` times.
  page.node.addContentStream(doc.context.register(doc.context.flateStream(`BT 50 700 Td ${'0 0 Td '.repeat(ops)} ET`)));
  return Buffer.from(await doc.save());
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/**
 * A DOCX (a ZIP with [Content_Types].xml and word/document.xml) whose central directory declares
 * word/document.xml as `declared` bytes while its DEFLATE data inflates to `inflatedMb` MB: the
 * directory lies, so only a count kept while inflating can stop it.
 */
export async function lyingDocx(inflatedMb = 256, declared = 4096): Promise<Buffer> {
  const zlib = await import('node:zlib');
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  const chunk = Buffer.from('<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(Math.ceil((1024 * 1024) / 35)).slice(0, 1024 * 1024));
  deflater.write('<?xml version="1.0"?><w:document><w:body>');
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflater.write(chunk)) await new Promise((r) => deflater.once('drain', r));
  }
  deflater.end('</w:body></w:document>');
  await done;
  const body = Buffer.concat(out);
  const types = Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  const entries = [
    { name: '[Content_Types].xml', method: 0, data: types, size: types.length },
    { name: 'word/document.xml', method: 8, data: body, size: declared },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const common = [u16(20), u16(0), u16(e.method), u16(0), u16(0), u32(0), u32(e.data.length), u32(e.size), u16(name.length), u16(0)];
    const local = Buffer.concat([u32(0x04034b50), ...common, name, e.data]);
    central.push(Buffer.concat([u32(0x02014b50), u16(20), ...common, u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local);
    offset += local.length;
  }
  const dir = Buffer.concat(central);
  const eocd = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(entries.length), u16(entries.length), u32(dir.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, dir, eocd]);
}
