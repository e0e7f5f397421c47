import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/**
 * The offer letter as a real PDF (pdf-lib), drawn from the letter's sanitised rich text: paragraphs,
 * headings, bold and italic runs, bulleted and numbered lists, line breaks and rules. The HTML is the
 * stored, sanitised letter with its merge fields filled and escaped (merge.ts), so only the editor's
 * tags can occur; anything else is read as text. Characters the standard PDF fonts cannot encode
 * (outside Windows-1252) are drawn as "?" rather than failing the letter.
 */

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}
interface Block {
  runs: Run[];
  size: number;
  indent: number;
  marker?: string;
  rule?: boolean;
  gapAfter: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#\d+|#x[0-9a-f]+|[a-z0-9]+);/gi, (m, e: string) => {
    if (ENTITIES[e.toLowerCase()] !== undefined) return ENTITIES[e.toLowerCase()];
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return m;
  });

/** Reads the sanitised HTML into blocks of styled runs. */
export function letterBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: Array<{ ordered: boolean; n: number }> = [];
  let bold = 0;
  let italic = 0;
  let heading = 0;
  let current: Block | null = null;
  const open = (b: Omit<Block, 'runs'>) => {
    current = { runs: [], ...b };
    blocks.push(current);
  };
  const ensure = () => {
    if (!current) open({ size: 11, indent: 0, gapAfter: 8 });
    return current as unknown as Block;
  };
  const close = () => {
    current = null;
  };
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi)) {
    if (m[3] !== undefined) {
      const text = decode(m[3]).replace(/\s+/g, ' ');
      if (!text.trim() && !current) continue;
      ensure().runs.push({ text, bold: bold > 0 || heading > 0, italic: italic > 0 });
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    switch (tag) {
      case 'p':
      case 'blockquote':
        if (closing) close();
        else if (!lists.length) open({ size: 11, indent: tag === 'blockquote' ? 18 : 0, gapAfter: 8 });
        break;
      case 'h2':
      case 'h3':
      case 'h4':
        heading += closing ? -1 : 1;
        if (closing) close();
        else open({ size: tag === 'h2' ? 15 : 13, indent: 0, gapAfter: 6 });
        break;
      case 'strong':
      case 'b':
        bold += closing ? -1 : 1;
        break;
      case 'em':
      case 'i':
        italic += closing ? -1 : 1;
        break;
      case 'ul':
      case 'ol':
        if (closing) {
          lists.pop();
          close();
          const last = blocks[blocks.length - 1];
          if (last && !lists.length) last.gapAfter = 8;
        } else lists.push({ ordered: tag === 'ol', n: 0 });
        break;
      case 'li': {
        if (closing) {
          close();
          break;
        }
        const l = lists[lists.length - 1];
        if (l) l.n += 1;
        open({ size: 11, indent: 18 * Math.max(1, lists.length), marker: l?.ordered ? `${l.n}.` : '•', gapAfter: 3 });
        break;
      }
      case 'br':
        ensure().runs.push({ text: '\n', bold: false, italic: false });
        break;
      case 'hr':
        close();
        blocks.push({ runs: [], size: 11, indent: 0, rule: true, gapAfter: 8 });
        break;
      default:
        break;
    }
  }
  return blocks.filter((b) => b.rule || b.runs.some((r) => r.text.trim()));
}

const PAGE = { width: 612, height: 792, margin: 72 };

export async function renderOfferPdf(opts: { companyName: string; title: string; html: string; footer: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setAuthor(opts.companyName);
  doc.setCreator('Offer letters');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await doc.embedFont(StandardFonts.HelveticaBoldOblique),
  };
  const fontOf = (r: Pick<Run, 'bold' | 'italic'>) => (r.bold ? (r.italic ? fonts.boldItalic : fonts.bold) : r.italic ? fonts.italic : fonts.regular);
  const encodable = new Map<string, boolean>();
  const safe = (font: PDFFont, s: string) =>
    [...s]
      .map((ch) => {
        let ok = encodable.get(ch);
        if (ok === undefined) {
          try {
            font.encodeText(ch);
            ok = true;
          } catch {
            ok = false; // outside the standard fonts' encoding: drawn as "?" (see the note above)
          }
          encodable.set(ch, ok);
        }
        return ok ? ch : '?';
      })
      .join('');

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const newPageIfNeeded = (need: number) => {
    if (y - need < PAGE.margin + 24) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const dark = rgb(0.12, 0.16, 0.22);

  page.drawText(safe(fonts.bold, opts.companyName), { x: PAGE.margin, y, size: 18, font: fonts.bold, color: dark });
  y -= 34;

  const maxWidth = PAGE.width - PAGE.margin * 2;
  for (const block of letterBlocks(opts.html)) {
    if (block.rule) {
      newPageIfNeeded(12);
      page.drawLine({ start: { x: PAGE.margin, y }, end: { x: PAGE.width - PAGE.margin, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
      y -= block.gapAfter + 4;
      continue;
    }
    const lineHeight = block.size * 1.4;
    const left = PAGE.margin + block.indent;
    const width = maxWidth - block.indent;
    // Words with their style, then greedy line filling.
    const words: Array<{ text: string; font: PDFFont; newline?: boolean }> = [];
    for (const r of block.runs) {
      if (r.text === '\n') {
        words.push({ text: '', font: fonts.regular, newline: true });
        continue;
      }
      const font = fontOf(r);
      for (const part of r.text.split(/(\s+)/)) if (part) words.push({ text: safe(font, part), font });
    }
    const lines: Array<Array<{ text: string; font: PDFFont }>> = [[]];
    let lineWidth = 0;
    for (const w of words) {
      if (w.newline) {
        lines.push([]);
        lineWidth = 0;
        continue;
      }
      const isSpace = !w.text.trim();
      const wWidth = w.font.widthOfTextAtSize(w.text, block.size);
      if (!isSpace && lineWidth + wWidth > width && lineWidth > 0) {
        lines.push([]);
        lineWidth = 0;
      }
      if (isSpace && lineWidth === 0) continue;
      lines[lines.length - 1].push(w);
      lineWidth += wWidth;
    }
    lines.forEach((line, i) => {
      newPageIfNeeded(lineHeight);
      y -= block.size;
      if (i === 0 && block.marker) {
        page.drawText(block.marker, { x: left - 14, y, size: block.size, font: fonts.regular, color: dark });
      }
      let x = left;
      for (const w of line) {
        page.drawText(w.text, { x, y, size: block.size, font: w.font, color: dark });
        x += w.font.widthOfTextAtSize(w.text, block.size);
      }
      y -= lineHeight - block.size;
    });
    y -= block.gapAfter;
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = safe(fonts.regular, `${opts.footer} · Page ${i + 1} of ${pages.length}`);
    p.drawText(text, { x: PAGE.margin, y: PAGE.margin / 2, size: 8, font: fonts.regular, color: rgb(0.4, 0.4, 0.4) });
  });
  return doc.save();
}
