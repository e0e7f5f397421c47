// unpdf (pdf.js) is loaded on the first PDF: a worker that reads a DOCX or a text file starts without it.
import { refuse } from './errors.ts';
import { checkPdf } from './pdf-guard.ts';

export const PDF_MAX_PAGES = 10;
/** Text items read from one page, and from the whole document (a dense resume page has a few hundred). */
export const PDF_MAX_ITEMS_PER_PAGE = 5_000;
export const PDF_MAX_ITEMS = 20_000;

interface Item {
  s: string;
  x: number;
  y: number;
  w: number;
  size: number;
}

/** Items of one y (within half a font size) joined left to right; wide gaps become a tab (a table cell or a right-aligned date). */
function toLines(items: Item[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const it of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].y - it.y) <= Math.max(2, row[0].size * 0.5)) row.push(it);
    else rows.push([it]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = '';
    let end = Number.NEGATIVE_INFINITY;
    for (const it of row) {
      const gap = it.x - end;
      if (line) line += gap > it.size * 2 ? '\t' : gap > it.size * 0.15 && !line.endsWith(' ') && !it.s.startsWith(' ') ? ' ' : '';
      line += it.s;
      end = it.x + it.w;
    }
    return line.trim();
  });
}

const DATEISH = /\b(19|20)\d{2}\b|present|current/i;

/**
 * A vertical gutter splits a page into two columns when no item crosses it (except a few full-width
 * header items) and both sides carry real text, not only right-aligned dates. Returns its x, or null.
 */
function findGutter(items: Item[], width: number): number | null {
  const textChars = (xs: Item[]) => xs.filter((i) => !(i.s.length <= 30 && DATEISH.test(i.s))).reduce((n, i) => n + i.s.length, 0);
  const total = textChars(items);
  if (items.length < 10 || total < 200) return null;
  let best: { g: number; cross: number; balance: number } | null = null;
  for (let g = width * 0.2; g <= width * 0.8; g += 2) {
    const crossing = items.filter((i) => i.x < g - 4 && i.x + i.w > g + 4);
    if (crossing.length > 4) continue;
    const left = items.filter((i) => i.x + i.w <= g + 4);
    const right = items.filter((i) => i.x >= g - 4);
    const l = textChars(left);
    const r = textChars(right);
    if (l < total * 0.15 || r < total * 0.15 || left.length < 5 || right.length < 5) continue;
    // An empty band: nothing starts or ends within 6 pt of the gutter.
    if (items.some((i) => Math.abs(i.x - g) < 6 || Math.abs(i.x + i.w - g) < 6)) continue;
    const balance = Math.min(l, r);
    if (!best || crossing.length < best.cross || (crossing.length === best.cross && balance > best.balance)) best = { g, cross: crossing.length, balance };
  }
  return best ? best.g : null;
}

function pageText(items: Item[], width: number): string {
  const g = findGutter(items, width);
  if (g === null) return toLines(items).join('\n');
  const crossing = new Set(items.filter((i) => i.x < g - 4 && i.x + i.w > g + 4));
  const rest = items.filter((i) => !crossing.has(i));
  const left = rest.filter((i) => i.x < g);
  const right = rest.filter((i) => i.x >= g);
  // Full-width items (a name or title banner) stay where they are: above the columns or below them.
  const topOfColumns = rest.reduce((m, i) => Math.max(m, i.y), Number.NEGATIVE_INFINITY);
  const above = [...crossing].filter((i) => i.y >= topOfColumns);
  const below = [...crossing].filter((i) => i.y < topOfColumns);
  // Reading order: the left column, then the right one.
  return [...toLines(above), ...toLines(left), '', ...toLines(right), ...toLines(below)].join('\n');
}

/**
 * On the first page, the line set in the largest type (at least 1.4 times the body size) is the
 * person's name on nearly every resume, wherever the layout puts it (a sidebar layout often puts
 * contact details first): it is moved to the top of the text.
 */
function biggestFirst(items: Item[], width: number): string {
  if (items.length < 5) return pageText(items, width);
  const sizes = items.map((i) => i.size).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)];
  const max = sizes[sizes.length - 1];
  if (max < body * 1.4) return pageText(items, width);
  const big = items.filter((i) => i.size >= max * 0.95);
  const y = big[0].y;
  const line = big.filter((i) => Math.abs(i.y - y) <= max * 0.5);
  if (line.reduce((n, i) => n + i.s.length, 0) > 60) return pageText(items, width);
  const onLine = new Set(line);
  return [
    toLines(line).join(' '),
    pageText(
      items.filter((i) => !onLine.has(i)),
      width,
    ),
  ].join('\n');
}

/** Text of a PDF in reading order, with two-column pages read one column after the other. */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  // Streams are inflated with a byte count and content operators counted before pdf.js sees the file.
  checkPdf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch (err) {
    if ((err as { name?: string }).name === 'PasswordException') throw refuse.encrypted();
    throw refuse.unreadable();
  }
  try {
    const pages: string[] = [];
    let budget = PDF_MAX_ITEMS;
    for (let n = 1; n <= Math.min(pdf.numPages, PDF_MAX_PAGES) && budget > 0; n++) {
      const page = await pdf.getPage(n);
      const width = page.getViewport({ scale: 1 }).width;
      const content = await page.getTextContent();
      const items: Item[] = [];
      const cap = Math.min(PDF_MAX_ITEMS_PER_PAGE, budget);
      for (const raw of content.items) {
        if (items.length >= cap) break;
        if (!('str' in raw) || !raw.str.trim()) continue;
        const t = raw.transform as number[];
        items.push({ s: raw.str, x: t[4], y: t[5], w: raw.width, size: Math.abs(t[3]) || raw.height || 10 });
      }
      budget -= items.length;
      pages.push(n === 1 ? biggestFirst(items, width) : pageText(items, width));
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}
