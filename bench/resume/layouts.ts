// Resume layouts for bench/resume: the same persona rendered as a one-column PDF, two-column PDFs
// (sidebar, banner over two columns), a dates-on-the-left PDF, DOCX with a page header, DOCX tables,
// a two-column DOCX table, labelled plain text and RTF. Files are built with pdf-lib and docx.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopPosition,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import type { Job, Persona } from './personas.ts';

export interface Rendered {
  layout: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
type DateStyle = 'short' | 'numeric' | 'year' | 'long' | 'dotted';
function dates(j: Job, style: DateStyle): string {
  const f = ([y, m]: [number, number]) =>
    style === 'short'
      ? `${MONTHS[m - 1]} ${y}`
      : style === 'numeric'
        ? `${String(m).padStart(2, '0')}/${y}`
        : style === 'long'
          ? `${LONG[m - 1]} ${y}`
          : style === 'dotted'
            ? `${y}.${String(m).padStart(2, '0')}`
            : String(y);
  const sep = style === 'long' ? ' to ' : style === 'numeric' ? ' - ' : ' – ';
  return `${f(j.start)}${sep}${j.end ? f(j.end) : 'Present'}`;
}

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
/** The standard PDF fonts encode WinAnsi only; personas with other letters get a DOCX or text layout. */
export const pdfSafe = (p: Persona) =>
  [
    p.firstName,
    p.lastName,
    p.city,
    p.country,
    ...p.jobs.flatMap((j) => [j.title, j.employer, ...j.bullets]),
    ...p.schools.flatMap((s) => [s.degree, s.institution]),
    ...p.skills,
  ]
    .join('')
    .split('')
    .every((c) => c.charCodeAt(0) < 256 || WIN_ANSI_EXTRA.includes(c));

// ---------- PDF ----------

class Pdf {
  doc!: PDFDocument;
  page!: PDFPage;
  regular!: PDFFont;
  bold!: PDFFont;
  static async create() {
    const p = new Pdf();
    p.doc = await PDFDocument.create();
    p.page = p.doc.addPage([595, 842]);
    p.regular = await p.doc.embedFont(StandardFonts.Helvetica);
    p.bold = await p.doc.embedFont(StandardFonts.HelveticaBold);
    return p;
  }
  text(s: string, x: number, y: number, size = 10, bold = false, color = rgb(0, 0, 0)) {
    this.page.drawText(s, { x, y, size, font: bold ? this.bold : this.regular, color });
  }
  right(s: string, xRight: number, y: number, size = 10) {
    this.text(s, xRight - this.regular.widthOfTextAtSize(s, size), y, size);
  }
  /** Wrapped paragraph; returns the y below it. */
  para(s: string, x: number, y: number, width: number, size = 10): number {
    const words = s.split(' ');
    let line = '';
    for (const w of words) {
      const next = line ? `${line} ${w}` : w;
      if (this.regular.widthOfTextAtSize(next, size) > width) {
        this.text(line, x, y, size);
        y -= size + 3;
        line = w;
      } else line = next;
    }
    if (line) this.text(line, x, y, size);
    return y - size - 3;
  }
  save = () => this.doc.save();
}

async function pdfOneColumn(p: Persona): Promise<Uint8Array> {
  const d = await Pdf.create();
  let y = 790;
  d.text(`${p.firstName} ${p.lastName}`, 50, y, 22, true);
  y -= 22;
  d.text(`${p.city}, ${p.country}  |  ${p.phone}  |  ${p.email}  |  ${p.linkedin}`, 50, y, 9);
  y -= 28;
  d.text('PROFESSIONAL SUMMARY', 50, y, 11, true);
  y = d.para(p.summary, 50, y - 15, 495);
  y -= 10;
  d.text('WORK EXPERIENCE', 50, y, 11, true);
  y -= 16;
  for (const j of p.jobs) {
    d.text(`${j.title}, ${j.employer}`, 50, y, 10, true);
    d.right(dates(j, 'short'), 545, y, 9);
    y -= 14;
    for (const b of j.bullets) y = d.para(`•  ${b}`, 60, y, 480, 9);
    y -= 6;
  }
  d.text('EDUCATION', 50, y, 11, true);
  y -= 16;
  for (const s of p.schools) {
    d.text(`${s.degree}, ${s.institution}`, 50, y, 10);
    d.right(`${s.start} – ${s.end}`, 545, y, 9);
    y -= 16;
  }
  d.text('SKILLS', 50, y - 4, 11, true);
  d.para(p.skills.join(', '), 50, y - 20, 495);
  return d.save();
}

async function pdfSidebar(p: Persona): Promise<Uint8Array> {
  const d = await Pdf.create();
  d.page.drawRectangle({ x: 0, y: 0, width: 190, height: 842, color: rgb(0.93, 0.95, 0.98) });
  let y = 780;
  d.text('CONTACT', 30, y, 11, true);
  for (const l of [p.email, p.phone, `${p.city}, ${p.country}`, p.linkedin.replace('linkedin.com/in/', 'in/')]) {
    y -= 15;
    d.text(l.length > 30 ? l.slice(0, 30) : l, 30, y, 8);
  }
  y -= 30;
  d.text('SKILLS', 30, y, 11, true);
  for (const s of p.skills) {
    y -= 14;
    d.text(s, 30, y, 9);
  }
  y -= 30;
  d.text('LANGUAGES', 30, y, 11, true);
  for (const s of p.languages) {
    y -= 14;
    d.text(s, 30, y, 9);
  }
  let m = 790;
  d.text(`${p.firstName} ${p.lastName}`, 220, m, 20, true);
  m -= 18;
  d.text(p.headline, 220, m, 11);
  m -= 30;
  d.text('Profile', 220, m, 12, true);
  m = d.para(p.summary, 220, m - 15, 340, 9) - 8;
  d.text('Experience', 220, m, 12, true);
  m -= 16;
  for (const j of p.jobs) {
    d.text(j.employer, 220, m, 10, true);
    m -= 13;
    d.text(`${j.title}  |  ${dates(j, 'numeric')}`, 220, m, 9);
    m -= 13;
    for (const b of j.bullets) m = d.para(`- ${b}`, 228, m, 330, 8);
    m -= 6;
  }
  d.text('Education', 220, m, 12, true);
  m -= 16;
  for (const s of p.schools) {
    d.text(s.institution, 220, m, 10, true);
    d.text(`${s.degree} (${s.start} – ${s.end})`, 220, m - 13, 9);
    m -= 30;
  }
  return d.save();
}

async function pdfBanner(p: Persona): Promise<Uint8Array> {
  const d = await Pdf.create();
  d.page.drawRectangle({ x: 0, y: 752, width: 595, height: 90, color: rgb(0.1, 0.2, 0.35) });
  const white = rgb(1, 1, 1);
  d.text(`${p.firstName.toUpperCase()} ${p.lastName.toUpperCase()}`, 40, 800, 24, true, white);
  d.text(`${p.headline}  ·  ${p.email}  ·  ${p.phone}  ·  ${p.city}, ${p.country}`, 40, 775, 9, false, white);
  let y = 720;
  d.text('EXPERIENCE', 40, y, 12, true);
  y -= 18;
  for (const j of p.jobs) {
    d.text(j.title, 40, y, 11, true);
    y -= 13;
    d.text(`${j.employer} · ${p.city}`, 40, y, 9);
    y -= 12;
    d.text(dates(j, 'year'), 40, y, 9);
    y -= 13;
    for (const b of j.bullets) y = d.para(`• ${b}`, 46, y, 320, 8);
    y -= 8;
  }
  let r = 720;
  d.text('SKILLS', 400, r, 12, true);
  for (const s of p.skills) {
    r -= 14;
    d.text(`• ${s}`, 400, r, 9);
  }
  r -= 30;
  d.text('EDUCATION', 400, r, 12, true);
  for (const s of p.schools) {
    r = d.para(s.degree, 400, r - 16, 160, 9);
    r = d.para(s.institution, 400, r, 160, 9);
    d.text(`${s.start} – ${s.end}`, 400, r, 9);
    r -= 14;
  }
  return d.save();
}

async function pdfDatesLeft(p: Persona): Promise<Uint8Array> {
  const d = await Pdf.create();
  let y = 790;
  d.text(`${p.firstName} ${p.lastName}`, 50, y, 20, true);
  y -= 18;
  d.text(`Email: ${p.email}`, 50, y, 9);
  d.text(`Phone: ${p.phone}`, 300, y, 9);
  y -= 13;
  d.text(`Location: ${p.city}, ${p.country}`, 50, y, 9);
  y -= 30;
  d.text('Employment History', 50, y, 13, true);
  y -= 18;
  for (const j of p.jobs) {
    d.text(dates(j, 'dotted'), 50, y, 9);
    d.text(j.title, 160, y, 10, true);
    y -= 13;
    d.text(j.employer, 160, y, 10);
    y -= 13;
    for (const b of j.bullets) y = d.para(`- ${b}`, 160, y, 380, 9);
    y -= 8;
  }
  d.text('Education', 50, y, 13, true);
  y -= 18;
  for (const s of p.schools) {
    d.text(`${s.start} – ${s.end}`, 50, y, 9);
    d.text(s.degree, 160, y, 10, true);
    d.text(s.institution, 160, y - 13, 10);
    y -= 30;
  }
  d.text('Technical Skills', 50, y, 13, true);
  d.para(p.skills.join(' · '), 50, y - 18, 490);
  return d.save();
}

// ---------- DOCX ----------

const H = (t: string) => new Paragraph({ text: t, heading: HeadingLevel.HEADING_2, spacing: { before: 200, after: 80 } });
const P = (t: string, bold = false) => new Paragraph({ children: [new TextRun({ text: t, bold })] });
const bullet = (t: string) => new Paragraph({ text: t, bullet: { level: 0 } });
const noBorders = {
  top: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  bottom: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  left: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
  right: { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' },
};
const cell = (children: Paragraph[], width: number) => new TableCell({ children, width: { size: width, type: WidthType.PERCENTAGE }, borders: noBorders });

async function docxHeader(p: Persona): Promise<Uint8Array> {
  const header = new Header({
    children: [
      new Paragraph({ children: [new TextRun({ text: `${p.firstName} ${p.lastName}`, bold: true, size: 36 })], alignment: AlignmentType.CENTER }),
      new Paragraph({ text: `${p.email} • ${p.phone} • ${p.city}, ${p.country}`, alignment: AlignmentType.CENTER }),
    ],
  });
  const body: Paragraph[] = [H('Summary'), P(p.summary), H('Experience')];
  for (const j of p.jobs) {
    body.push(P(`${j.title} at ${j.employer}`, true), P(dates(j, 'long')), ...j.bullets.map(bullet));
  }
  body.push(H('Education'));
  for (const s of p.schools) body.push(P(s.institution, true), P(`${s.degree}, ${s.start} - ${s.end}`));
  body.push(H('Skills'), P(p.skills.join(', ')), H('Languages'), P(p.languages.join(', ')));
  const doc = new Document({ sections: [{ headers: { default: header }, children: body }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

async function docxTables(p: Persona): Promise<Uint8Array> {
  const exp = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ children: [cell([P('Dates', true)], 25), cell([P('Position', true)], 40), cell([P('Company', true)], 35)] }),
      ...p.jobs.map((j) => new TableRow({ children: [cell([P(dates(j, 'short'))], 25), cell([P(j.title)], 40), cell([P(j.employer)], 35)] })),
    ],
  });
  const skillRows: TableRow[] = [];
  for (let i = 0; i < p.skills.length; i += 3) {
    const chunk = p.skills.slice(i, i + 3);
    while (chunk.length < 3) chunk.push('');
    skillRows.push(new TableRow({ children: chunk.map((s) => cell([P(s)], 33)) }));
  }
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: `${p.firstName} ${p.lastName}`, bold: true, size: 40 })] }),
          P(p.headline),
          P(`Tel: ${p.phone}`),
          P(`E-mail: ${p.email}`),
          P(`Address: ${p.city}, ${p.country}`),
          H('Professional Experience'),
          exp,
          H('Education'),
          ...p.schools.map((s) => P(`${s.degree} – ${s.institution} (${s.end})`)),
          H('Core Competencies'),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: skillRows }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

async function docxTwoColumn(p: Persona): Promise<Uint8Array> {
  const left = [
    P('Contact', true),
    P(p.phone),
    P(p.email),
    P(`${p.city}, ${p.country}`),
    P(''),
    H('Skills'),
    ...p.skills.map(bullet),
    H('Languages'),
    ...p.languages.map((l) => P(l)),
  ];
  const right = [
    new Paragraph({ children: [new TextRun({ text: `${p.firstName} ${p.lastName}`, bold: true, size: 44 })] }),
    P(p.headline),
    H('About me'),
    P(p.summary),
    H('Work History'),
    ...p.jobs.flatMap((j) => [
      new Paragraph({
        tabStops: [{ type: TabStopType.RIGHT, position: TabStopPosition.MAX }],
        children: [new TextRun({ text: `${j.employer.toUpperCase()} — ${j.title}`, bold: true }), new TextRun({ text: `\t(${dates(j, 'short')})` })],
      }),
      ...j.bullets.map(bullet),
    ]),
    H('Education'),
    ...p.schools.flatMap((s) => [P(`${s.institution}`, true), P(`${s.degree} | ${s.start} – ${s.end}`)]),
  ];
  const doc = new Document({
    sections: [
      { children: [new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [new TableRow({ children: [cell(left, 32), cell(right, 68)] })] })] },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

// ---------- text and RTF ----------

function plainText(p: Persona): string {
  return [
    'CURRICULUM VITAE',
    '',
    `Name: ${p.firstName} ${p.lastName}`,
    `Address: ${p.city}, ${p.country}`,
    `Mobile: ${p.phone}`,
    `Email: ${p.email}`,
    `LinkedIn: https://www.${p.linkedin}`,
    '',
    'OBJECTIVE',
    p.summary,
    '',
    'CAREER HISTORY',
    ...p.jobs.flatMap((j) => [`${j.employer}, ${p.city}`, j.title, dates(j, 'numeric'), ...j.bullets.map((b) => `* ${b}`), '']),
    'EDUCATION',
    ...p.schools.flatMap((s) => [`${s.degree}`, `${s.institution}, ${s.start}-${s.end}`, '']),
    'KEY SKILLS',
    ...p.skills.map((s) => `- ${s}`),
    '',
    'REFERENCES',
    'Available on request.',
  ].join('\n');
}

const rtfEscape = (s: string) =>
  s.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0) > 32767 ? c.charCodeAt(0) - 65536 : c.charCodeAt(0)}?`);

function rtf(p: Persona): string {
  const par = (s: string, bold = false) => `{${bold ? '\\b ' : ''}${rtfEscape(s)}}\\par\n`;
  return [
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}{\\f1 Arial;}}{\\colortbl;\\red0\\green0\\blue0;}',
    '{\\info{\\title Resume}{\\author Someone Else}}',
    '\\f1\\fs22 ',
    `{\\fs36\\b ${rtfEscape(`${p.firstName} ${p.lastName}`)}}\\par\n`,
    par(`${p.city}, ${p.country} | ${p.phone} | ${p.email}`),
    par(''),
    par('Experience', true),
    ...p.jobs.flatMap((j) => [
      par(`${j.title} | ${j.employer} | ${dates(j, 'short')}`, true),
      ...j.bullets.map((b) => par(`\\bullet  ${b}`).replace('\\\\bullet', '\\bullet')),
    ]),
    par(''),
    par('Education', true),
    ...p.schools.map((s) => par(`${s.institution} \\endash  ${s.degree} (${s.start}\\endash ${s.end})`).replace(/\\\\endash/g, '\\endash')),
    par(''),
    par('Skills', true),
    par(p.skills.join('; ')),
    '}',
  ].join('');
}

// ---------- held-out layouts: written after the parser was tuned on the nine above, never tuned on ----------

async function pdfCompact(p: Persona): Promise<Uint8Array> {
  const d = await Pdf.create();
  const name = `${p.firstName} ${p.lastName}`;
  d.text(name, 297 - d.bold.widthOfTextAtSize(name, 18) / 2, 800, 18, true);
  d.text(`Email: ${p.email}`, 60, 778, 9);
  d.text(`Tel. ${p.phone}`, 60, 766, 9);
  d.text(`${p.city} (${p.country})`, 400, 778, 9);
  let y = 735;
  d.text('CAREER', 60, y, 11, true);
  y -= 16;
  for (const j of p.jobs) {
    d.text(`${j.employer} (${p.city}) — ${dates(j, 'numeric').replace(' - ', '–')}`, 60, y, 10, true);
    y -= 12;
    d.text(j.title, 60, y, 10);
    y -= 12;
    for (const b of j.bullets) y = d.para(`› ${b}`, 70, y, 460, 8);
    y -= 6;
  }
  d.text('EXPERTISE', 60, y, 11, true);
  const half = Math.ceil(p.skills.length / 2);
  y = d.para(`Core: ${p.skills.slice(0, half).join(', ')}`, 60, y - 15, 470, 9);
  y = d.para(`Tools: ${p.skills.slice(half).join(', ')}`, 60, y, 470, 9);
  d.text('EDUCATION', 60, y - 8, 11, true);
  y -= 24;
  for (const s of p.schools) y = d.para(`${s.end}  ${s.degree}, ${s.institution}`, 60, y, 470, 9);
  return d.save();
}

async function docxEuropass(p: Persona): Promise<Uint8Array> {
  const row = (label: string, value: string) => new TableRow({ children: [cell([P(label)], 35), cell([P(value)], 65)] });
  const rows: TableRow[] = [
    row('Surname(s) / First name(s)', `${p.lastName}, ${p.firstName}`),
    row('Address', `${p.city}, ${p.country}`),
    row('Mobile', p.phone),
    row('E-mail', p.email),
  ];
  const work: TableRow[] = p.jobs.flatMap((j) => [
    row('Dates', dates(j, 'year')),
    row('Occupation or position held', j.title),
    row('Name of employer', j.employer),
  ]);
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Europass Curriculum Vitae', bold: true, size: 32 })] }),
          H('Personal information'),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows }),
          H('Work experience'),
          new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: work }),
          H('Education and training'),
          ...p.schools.map((s) => P(`${s.start} - ${s.end}: ${s.degree}, ${s.institution}`)),
          H('Personal skills'),
          P(p.skills.join(', ')),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

function atsText(p: Persona): string {
  const u = (s: string) => `${s}\n${'='.repeat(s.length)}`;
  return [
    `${p.firstName} ${p.lastName}`.toUpperCase(),
    `${p.email} / ${p.phone} / ${p.city}, ${p.country}`,
    '',
    u('Summary'),
    `${p.summary} Skills: ${p.skills.join(', ')}.`,
    '',
    u('Experience'),
    ...p.jobs.flatMap((j) => [`${j.title} - ${j.employer} - ${p.city} (${dates(j, 'short').replace(' – ', ' - ')})`, ...j.bullets.map((b) => `  o ${b}`), '']),
    u('Education'),
    ...p.schools.map((s) => `${s.institution}: ${s.degree} (${s.end})`),
  ].join('\n');
}

export const HELD_OUT = ['pdf-compact', 'docx-europass', 'txt-ats'] as const;
export type HeldOutLayout = (typeof HELD_OUT)[number];

export async function renderHeldOut(p: Persona, layout: HeldOutLayout): Promise<Rendered> {
  const base = `${p.firstName}-${p.lastName}`.replace(/[^\p{L}]+/gu, '-');
  if (layout === 'pdf-compact') return { layout, fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: await pdfCompact(p) };
  if (layout === 'docx-europass') return { layout, fileName: `${base}.docx`, contentType: DOCX, bytes: await docxEuropass(p) };
  return { layout, fileName: `${base}.txt`, contentType: 'text/plain', bytes: enc.encode(atsText(p)) };
}

export const LAYOUTS = [
  'pdf-one-column',
  'pdf-sidebar',
  'pdf-banner-two-column',
  'pdf-dates-left',
  'docx-page-header',
  'docx-tables',
  'docx-two-column-table',
  'txt-labelled',
  'rtf',
] as const;
export type Layout = (typeof LAYOUTS)[number];

const enc = new TextEncoder();
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function render(p: Persona, layout: Layout): Promise<Rendered> {
  const base = `${p.firstName}-${p.lastName}`.replace(/[^\p{L}]+/gu, '-');
  switch (layout) {
    case 'pdf-one-column':
      return { layout, fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: await pdfOneColumn(p) };
    case 'pdf-sidebar':
      return { layout, fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: await pdfSidebar(p) };
    case 'pdf-banner-two-column':
      return { layout, fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: await pdfBanner(p) };
    case 'pdf-dates-left':
      return { layout, fileName: `${base}.pdf`, contentType: 'application/pdf', bytes: await pdfDatesLeft(p) };
    case 'docx-page-header':
      return { layout, fileName: `${base}.docx`, contentType: DOCX, bytes: await docxHeader(p) };
    case 'docx-tables':
      return { layout, fileName: `${base}.docx`, contentType: DOCX, bytes: await docxTables(p) };
    case 'docx-two-column-table':
      return { layout, fileName: `${base}.docx`, contentType: DOCX, bytes: await docxTwoColumn(p) };
    case 'txt-labelled':
      return { layout, fileName: `${base}.txt`, contentType: 'text/plain', bytes: enc.encode(plainText(p)) };
    case 'rtf':
      return { layout, fileName: `${base}.rtf`, contentType: 'application/rtf', bytes: enc.encode(rtf(p)) };
  }
}
