import { COMMON_SKILLS, EMPLOYER_WORDS, HEADINGS, MONTHS, NAME_PARTICLES, type Section, TITLE_WORDS } from './lexicon.ts';

export interface WorkEntry {
  title: string;
  employer: string;
  startDate: string | null;
  endDate: string | null;
}
export interface EducationEntry {
  degree: string;
  institution: string;
  startDate: string | null;
  endDate: string | null;
}
export interface ParsedFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { city: string; state: string; zipCode: string; country: string };
  links: string[];
  skills: string[];
  experience: WorkEntry[];
  education: EducationEntry[];
}

const YEAR = '(?:19|20)\\d{2}';
const DATE = `(?:${MONTHS}\\.?\\s*${YEAR}|\\d{1,2}\\s*[/.]\\s*${YEAR}|${YEAR}\\s*[/.-]\\s*\\d{1,2}(?!\\d)|${YEAR})(?!\\d)`;
const END = `(?:${DATE}|present|current|now|today|ongoing|heute|aujourd'hui|actualidad)`;
const RANGE = new RegExp(`(${DATE})\\s*(?:[-–—~]+|to|until|bis|au|à)\\s*(${END})`, 'i');
const SINCE = new RegExp(`(?:since|seit|depuis|desde)\\s+(${DATE})`, 'i');
const URL = /\b(?:https?:\/\/|www\.)[^\s<>"'()|]+|\b(?:linkedin\.com|github\.com|gitlab\.com|behance\.net|dribbble\.com|xing\.com)\/[^\s<>"'()|]+/gi;
const PHONE = /(?:\+|\(\+?)?\d[\d\s().\-/]{5,}\d/g;
const BULLET = /^[•·▪●◦‣∙*–-]\s*/;

/**
 * Every pattern here runs in linear time on any input (docs/decisions/0404-resume-parsing-off-thread.md):
 * no nested quantifiers over unbounded text, no separator that starts with `\s+` unless it may only
 * start where a run of spaces starts, and the few scans a pattern cannot say linearly (an email
 * around each '@', trimming trailing punctuation) are plain loops. The resume-parser tests run each
 * function on 1 MB inputs.
 */

/** Fields are read from this many characters of the text (a resume is a few thousand). */
export const MAX_FIELD_TEXT = 200_000;
/** A token longer than this is no name, email, phone or date: it is cut before any pattern sees it. */
const MAX_TOKEN = 256;
/** A run of spaces or tabs longer than this is cut to this length (three or more still separate columns). */
const MAX_SPACE_RUN = 4;
/** A work-history line is split into at most this many parts (title, employer, place, …). */
const MAX_PARTS = 12;
/** Lines read from the text, and from one section (a resume has a few hundred). */
const MAX_LINES = 5_000;
const MAX_SECTION_LINES = 2_000;
/** Skills read from one line of a skills section. */
const MAX_LINE_SKILLS = 200;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c || c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a);

/** The text fields are read from: at most MAX_FIELD_TEXT characters, runs of spaces and over-long tokens cut (one pass). */
export function boundText(text: string): string {
  const src = text.length > MAX_FIELD_TEXT ? text.slice(0, MAX_FIELD_TEXT) : text;
  const out: string[] = [];
  let from = 0;
  let spaces = 0;
  let token = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    const drop = isSpace(c) ? ++spaces > MAX_SPACE_RUN : c !== 0x0a && c !== 0x0d && ++token > MAX_TOKEN;
    if (!isSpace(c)) spaces = 0;
    if (isSpace(c) || c === 0x0a || c === 0x0d) token = 0;
    if (drop) {
      if (i > from) out.push(src.slice(from, i));
      from = i + 1;
    }
  }
  out.push(src.slice(from));
  return out.join('');
}

/** `s` without the characters of `chars` at its end (a loop: `[.,;:]+$` rescans a long run at every start). */
export function trimTrailing(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return s.slice(0, end);
}

/** `s` without spaces and the characters of `chars` at either end. */
function trimBoth(s: string, chars: string): string {
  const drop = (ch: string) => chars.includes(ch) || isSpace(ch.charCodeAt(0)) || ch === '\n' || ch === '\r';
  let start = 0;
  let end = s.length;
  while (start < end && drop(s[start])) start++;
  while (end > start && drop(s[end - 1])) end--;
  return s.slice(start, end);
}

/** A bracket left unpaired by a split: "(Remote" and "Berlin)" lose it. */
function unbracket(p: string): string {
  let t = p;
  if (t.startsWith('(') && !t.includes(')')) t = t.slice(1);
  if (t.endsWith(')') && !t.includes('(')) t = t.slice(0, -1);
  return t;
}

const EMAIL_LOCAL = /[\p{L}\d._%+-]/u;
const EMAIL_DOMAIN = /[\p{L}\d-]/u;
const LETTER = /\p{L}/u;

/**
 * The first email address in `text` (local@domain.tld, the domain's last label two or more letters),
 * found around each '@' within RFC 5321's lengths (64 before it, 255 after it): linear in the text,
 * unlike the pattern `[…]+@[…]+(?:\.[…]+)*\.\p{L}{2,}`, which rescans a long run of letters at every start.
 */
export function firstEmail(text: string): string {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && EMAIL_LOCAL.test(text[start - 1])) start--;
    if (start === at) continue;
    const limit = Math.min(text.length, at + 256);
    let end = -1;
    let label = 0;
    for (let i = at + 1; i < limit; i++) {
      const ch = text[i];
      if (EMAIL_DOMAIN.test(ch)) {
        label++;
        continue;
      }
      if (ch !== '.' || label === 0) break;
      // A dot after a label: the letters that follow may close the address here.
      let letters = 0;
      while (i + 1 + letters < limit && LETTER.test(text[i + 1 + letters])) letters++;
      if (letters >= 2) end = i + 1 + letters;
      label = 0;
    }
    if (end > 0) return text.slice(start, end);
  }
  return '';
}

const hasEmail = (s: string) => firstEmail(s) !== '';

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\s&]/gu, ' ')
    .replace(/&/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim();

/** The section a line opens, when it is a heading (short, and one of the known names). */
export function headingOf(line: string): Section | null {
  // Length first: every pattern below then runs on at most 60 characters.
  if (line.length > 60) return null;
  const t = line.replace(/[:：|]+$/, '').trim();
  if (!t || t.length > 45 || hasEmail(t)) return null;
  const n = norm(t);
  for (const [re, section] of HEADINGS) if (re.test(n)) return section;
  return null;
}

export interface Block {
  section: Section;
  lines: string[];
}

/** The lines of every block of one section, at most MAX_SECTION_LINES. */
const sectionLines = (blocks: Block[], section: Section) =>
  blocks
    .filter((b) => b.section === section)
    .flatMap((b) => b.lines)
    .slice(0, MAX_SECTION_LINES);

export function splitSections(lines: string[]): Block[] {
  const blocks: Block[] = [{ section: 'header', lines: [] }];
  for (const raw of lines.slice(0, MAX_LINES)) {
    const line = raw.trim();
    const h = headingOf(line);
    if (h) blocks.push({ section: h, lines: [] });
    else blocks[blocks.length - 1].lines.push(line);
  }
  return blocks;
}

const LABEL =
  /^(name|full name|surname\(?s?\)?\s*\/\s*first name\(?s?\)?|first name\(?s?\)?\s*\/\s*surname\(?s?\)?|address|location|mobile|phone|telephone|tel\.?|e-?mail|dates?|period|occupation or position held|position held|position|job title|role|name of employer|name and address of employer|employer|company|organi[sz]ation)\s*:?$/i;

/**
 * "Label" on one line and its value on the next (a two-column table in a DOCX, a Europass CV) become
 * one "Label: value" line, so the rules below read both layouts alike.
 */
export function joinLabels(all: string[]): string[] {
  const lines = all.slice(0, MAX_LINES);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i].trim();
    let j = i + 1;
    while (j < lines.length && j <= i + 2 && !lines[j].trim()) j++;
    const next = lines[j]?.trim();
    const isDateLabel = /^(dates?|period)\b/i.test(l);
    if (LABEL.test(l) && next && !LABEL.test(next) && !headingOf(next) && (isDateLabel || !dateRangeOf(next))) {
      out.push(`${l.replace(/\s*:$/, '')}: ${next}`);
      i = j;
    } else out.push(lines[i]);
  }
  return out;
}

const TITLE_LABEL = /^(?:occupation or position held|position held|position|job title|role)\s*:\s*(.+)$/i;
const EMPLOYER_LABEL = /^(?:name of employer|name and address of employer|employer|company|organi[sz]ation)\s*:\s*(.+)$/i;

// A separator that starts with a run of spaces may only start where the run starts ((?<!\s)): tried at
// every space of a long run, `\s+\|` would rescan the rest of the run each time (quadratic).
// A line has at most MAX_CELLS cells (a table row; a line of 100,000 bullets is not one).
const MAX_CELLS = 40;
export const cellsOf = (line: string) =>
  line
    .split(/\t|(?<!\s)\s+[|•·]\s+|\s{3,}|\s\/\s/, MAX_CELLS * 4)
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(0, MAX_CELLS);

export function findEmail(text: string): string {
  return firstEmail(text).toLowerCase();
}

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** First phone-like run with 7-15 digits that is not a date or a date range; a labelled one wins. */
export function findPhone(lines: string[]): string {
  const found: Array<{ v: string; score: number; i: number }> = [];
  lines.slice(0, MAX_LINES).forEach((line, i) => {
    for (const m of line.matchAll(PHONE)) {
      const v = m[0].trim().replace(/^\((?=\+)/, '');
      const d = digitsOf(v);
      if (d.length < 7 || d.length > 15) continue;
      if (RANGE.test(v) || /^(19|20)\d{2}\s*[-–/.]\s*((19|20)\d{2}|\d{1,2})$/.test(v) || /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/.test(v)) continue;
      if (/^\d{4}\s+\d{4}$/.test(v)) continue;
      const labelled = /(phone|tel|mobile|mob|cell|telefon|téléphone|móvil|handy)\b/i.test(line);
      found.push({ v: v.replace(/[\s.]+$/, ''), score: (labelled ? 2 : 0) + (v.startsWith('+') ? 1 : 0) - i / 1000, i });
    }
  });
  found.sort((a, b) => b.score - a.score);
  return found[0]?.v ?? '';
}

export function findLinks(text: string, email: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(URL)) {
    let u = trimTrailing(m[0], '.,;:');
    if (!u) continue;
    if (email?.endsWith(u.toLowerCase())) continue;
    if (!/^https?:\/\//i.test(u)) u = `https://${u}`;
    out.add(u);
  }
  return [...out].slice(0, 20);
}

/** A name or an address is on a short line: the first MAX_HEADER_LINE characters of a header line are read. */
const MAX_HEADER_LINE = 300;
const headerLine = (l: string) => (l.length > MAX_HEADER_LINE ? l.slice(0, MAX_HEADER_LINE) : l);

const NAME_TOKEN = /^(?:\p{Lu}[\p{L}\p{M}'’.-]*|\p{Lu}\.)$/u;
const NOT_NAME = /\b(curriculum|vitae|resume|résumé|lebenslauf|cv|page|confidential)\b/i;

export function looksLikeName(s: string): boolean {
  if (s.length > 200) return false;
  const t = s.replace(/\s+/g, ' ').trim();
  if (t.length < 4 || t.length > 60 || /[\d@/\\:]/.test(t) || NOT_NAME.test(t) || headingOf(t)) return false;
  const words = t.split(' ');
  if (words.length < 2 || words.length > 5) return false;
  let caps = 0;
  for (const w of words) {
    if (NAME_PARTICLES.has(w)) continue;
    if (!NAME_TOKEN.test(w)) return false;
    const lw = w.toLowerCase().replace(/[.,]/g, '');
    if (TITLE_WORDS.has(lw) || EMPLOYER_WORDS.has(lw)) return false;
    caps++;
  }
  return caps >= 2;
}

/** "GARCÍA" -> "García", leaving mixed-case words ("McDonald") alone. */
const tidyCase = (w: string) =>
  w.length > 1 && w === w.toUpperCase()
    ? w[0] +
      w
        .slice(1)
        .toLowerCase()
        .replace(/([-'’])(\p{L})/gu, (_m, a, b) => a + b.toUpperCase())
    : w;

export function findName(blocks: Block[], email: string): { firstName: string; lastName: string } {
  const pool = blocks.filter((b) => b.section === 'header' || b.section === 'contact').flatMap((b) => b.lines.slice(0, 12).map(headerLine));
  const surnameFirst = pool
    .map((l) => /^(?:surname\(?s?\)?\s*\/\s*first name\(?s?\)?|last name,? first name)\s*[:：]\s*([^,]+),\s*(.+)$/i.exec(l))
    .find(Boolean);
  const labelled = surnameFirst
    ? `${surnameFirst[2]} ${surnameFirst[1]}`
    : pool.map((l) => /^(?:name|full name|nom|nombre)\s*[:：]\s*(.+)$/i.exec(l)?.[1]).find(Boolean);
  const candidates = labelled
    ? [labelled]
    : pool.flatMap((l) => (isLocation(l) ? [] : [l, ...cellsOf(l).filter((c) => !isLocation(c)), l.split(/\s[-–—|,]\s|,\s/)[0]]));
  for (const c of candidates) {
    const t = c.replace(/^[•·*-]\s*/, '').trim();
    if (looksLikeName(t)) {
      const words = t.split(/\s+/).map(tidyCase);
      return { firstName: words[0], lastName: words.slice(1).join(' ') };
    }
  }
  // Fallback: first.last@ in the email.
  const m = /^([a-z]+)[._-]([a-z]+)@/i.exec(email);
  if (m) return { firstName: m[1][0].toUpperCase() + m[1].slice(1), lastName: m[2][0].toUpperCase() + m[2].slice(1) };
  return { firstName: '', lastName: '' };
}

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  ),
);

export function findAddress(blocks: Block[], name: string): ParsedFields['address'] {
  const empty = { city: '', state: '', zipCode: '', country: '' };
  const pool = blocks.filter((b) => b.section === 'header' || b.section === 'contact').flatMap((b) => b.lines.slice(0, 14).map(headerLine));
  const cells = pool.flatMap((l) => {
    const lab = /^(?:location|address|city|based in|lives in|wohnort|adresse|dirección)\s*[:：]\s*(.+)$/i.exec(l);
    return lab ? [lab[1]] : cellsOf(l).flatMap((c) => c.split(/(?<!\s)\s+[•·|]\s+/, MAX_CELLS));
  });
  for (const raw of cells) {
    if (raw.length > 120) continue;
    const c = raw.replace(/^(?:location|address)\s*[:：]\s*/i, '').trim();
    if (!c || c === name || c.length > 80 || hasEmail(c) || /https?:|www\./i.test(c) || /^(?:name|surname|first name)/i.test(raw)) continue;
    const paren = /^(\p{Lu}[\p{L} .'-]+?)\s*\((\p{Lu}[\p{L} .'-]+)\)$/u.exec(c);
    if (paren) return { ...empty, city: paren[1], country: paren[2] };
    const us = /^(?:.*?,\s*)?([\p{L} .'-]+),\s*([A-Z]{2})\s*(\d{5})?(?:-\d{4})?$/u.exec(c);
    if (us && US_STATES.has(us[2])) return { city: us[1].trim(), state: us[2], zipCode: us[3] ?? '', country: 'US' };
    const parts = c.split(/(?<!\s)\s*,\s*/);
    if (parts.length < 2 || parts.length > 3) continue;
    if (!parts.every((p) => /^\p{Lu}[\p{L}\p{M} .'-]*$/u.test(p) && p.split(' ').length <= 4)) continue;
    if (name && parts.some((p) => name.toLowerCase().includes(p.toLowerCase()))) continue;
    if (parts.some((p) => TITLE_WORDS.has(p.toLowerCase()) || EMPLOYER_WORDS.has(p.toLowerCase()))) continue;
    const zip = /\b\d{4,6}\b/.exec(c)?.[0] ?? '';
    if (parts.length === 3) return { city: parts[0], state: parts[1], zipCode: zip, country: parts[2] };
    return { ...empty, city: parts[0], country: parts[1], zipCode: zip };
  }
  return empty;
}

/** A skill without its bullet, "Label:" prefix, level in brackets and end punctuation ('' for a part too long to be one). */
export function cleanSkill(s: string): string {
  if (s.length > 200) return '';
  // Trailing punctuation first, so a level written before it ("TypeScript (expert);") is still dropped.
  const bare = trimTrailing(
    s.replace(BULLET, '').replace(/^[\p{L} /&]{2,30}:\s*/u, (m) => (m.trim().split(/\s+/).length <= 3 ? '' : m)),
    '.;,',
  ).trim();
  return trimTrailing(
    bare.replace(/(?<!\s)\s*\((?:expert|advanced|intermediate|basic|beginner|fluent|native|\d+\+? ?(?:years?|yrs?))\)\s*$/i, ''),
    '.;,',
  ).trim();
}

export function findSkills(blocks: Block[], text: string): string[] {
  const lines = sectionLines(blocks, 'skills');
  const out = new Map<string, string>();
  for (const line of lines) {
    const body = line.replace(/^[\p{L} /&]{2,30}:\s*/u, (m) => (m.trim().split(/\s+/).length <= 3 ? '' : m));
    const parts = body.split(/[,;|•·▪●\t]|(?<!\s)\s+[-–]\s+|\s{3,}|\s\/\s/).filter((p) => p.trim());
    for (const part of parts.slice(0, MAX_LINE_SKILLS)) {
      const s = cleanSkill(part);
      if (!s || s.length > 40 || s.split(/\s+/).length > 5 || /^\d+$/.test(s)) continue;
      if (/[.!?]\s/.test(s)) continue;
      const k = s.toLowerCase();
      if (!out.has(k)) out.set(k, s);
    }
  }
  // "Skills: a, b, c." written inside another section (a summary, a profile).
  for (const b of blocks.filter((x) => x.section !== 'skills')) {
    for (const line of b.lines.slice(0, MAX_SECTION_LINES)) {
      const m = /\b(?:skills|technologies|tools|tech stack|competencies)\s*:\s*([^.]+(?:\.(?=\w)[^.]*)*)/i.exec(line);
      if (!m) continue;
      for (const part of m[1].split(/[,;|]/, MAX_LINE_SKILLS)) {
        const s = cleanSkill(part);
        if (s && s.length <= 40 && s.split(/\s+/).length <= 5 && !out.has(s.toLowerCase())) out.set(s.toLowerCase(), s);
      }
    }
  }
  if (out.size === 0) {
    const head = text.length > MAX_FIELD_TEXT ? text.slice(0, MAX_FIELD_TEXT) : text;
    for (const [s, re] of COMMON_SKILL_PATTERNS) if (re.test(head)) out.set(s.toLowerCase(), s);
  }
  return [...out.values()].slice(0, 100);
}

/** One literal pattern per common skill, built once (each scans the text once: linear). */
const COMMON_SKILL_PATTERNS: Array<[string, RegExp]> = COMMON_SKILLS.map((s) => [
  s,
  new RegExp(`(?:^|[^\\p{L}\\d+#.])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d+#])`, 'iu'),
]);

const MONTH_NUM: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
  mär: '03',
  mai: '05',
  okt: '10',
  dez: '12',
  jui: '07',
  fév: '02',
  avr: '04',
  aoû: '08',
  déc: '12',
};

export function isoDate(s: string | undefined): string | null {
  if (!s) return null;
  const t = s.trim().toLowerCase();
  if (/^(present|current|now|today|ongoing|heute|aujourd'hui|actualidad)$/.test(t)) return 'Present';
  const y = /(\d{4})/.exec(t)?.[1];
  if (!y) return null;
  const mName = /^(\p{L}{3})/u.exec(t)?.[1];
  if (mName && MONTH_NUM[mName]) return `${y}-${MONTH_NUM[mName]}`;
  const mNum = /^(\d{1,2})\s*[/.]\s*\d{4}$/.exec(t)?.[1] ?? /^\d{4}\s*[/.-]\s*(\d{1,2})$/.exec(t)?.[1];
  return mNum ? `${y}-${mNum.padStart(2, '0')}` : y;
}

export function dateRangeOf(line: string): { start: string | null; end: string | null; rest: string } | null {
  const r = RANGE.exec(line);
  if (r) return { start: isoDate(r[1]), end: isoDate(r[2]), rest: line.replace(r[0], '\t') };
  const s = SINCE.exec(line);
  if (s) return { start: isoDate(s[1]), end: 'Present', rest: line.replace(s[0], '\t') };
  return null;
}

/** How much a part reads as a member of `set`: each listed word counts, the last word (the head noun: "Nurse", "GmbH") three more. */
export function wordsScore(part: string, set: Set<string>): number {
  // A title or an employer is a few words: a longer part is scored on its first 300 characters.
  const words = (part.length > 300 ? part.slice(0, 300) : part)
    .toLowerCase()
    .split(/[\s,/()]+/)
    .filter(Boolean);
  const hit = (w: string) => set.has(w.replace(/[^\p{L}&.-]/gu, '')) || set.has(w);
  return words.filter(hit).length + (words.length && hit(words[words.length - 1]) ? 3 : 0);
}

export const isLocation = (p: string) =>
  p.length < 40 && /^\p{Lu}[\p{L} .'-]+,\s*\p{Lu}[\p{L} .'-]+$/u.test(p) && !wordsScore(p, EMPLOYER_WORDS) && !wordsScore(p, TITLE_WORDS);
/** A bullet or a sentence (an achievement line whose bullet mark was lost), not a title or employer line. */
export function isBullet(l: string): boolean {
  if (TITLE_LABEL.test(l) || EMPLOYER_LABEL.test(l)) return false;
  if (BULLET.test(l) || l.length > 110) return true;
  const words = l.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (/[.;]$/.test(l) && words.length > 7) return true;
  const lower = words.filter((w) => /^\p{Ll}/u.test(w) && !NAME_PARTICLES.has(w) && w !== 'at' && w !== 'of' && w !== 'and' && w !== 'for').length;
  return words.length >= 5 && lower / words.length >= 0.4;
}

/** "Senior Engineer at Acme GmbH" and the like into parts; "Acme, Inc." keeps its comma. At most MAX_PARTS parts. */
export function partsOf(line: string): string[] {
  const t = TITLE_LABEL.exec(line.trim());
  if (t) return [`\u0001T${t[1].trim()}`];
  const e = EMPLOYER_LABEL.exec(line.trim());
  if (e) return [`\u0001E${e[1].trim()}`];
  const protectedLine = line.replace(/,\s*(?=(?:inc|ltd|llc|plc|gmbh|ag|s\.?a\.?|b\.?v\.?|corp|co)\b)/gi, ' ');
  const firstSplit = protectedLine
    .split(/\t|(?<!\s)\s+(?:\||[—–]|-|@|at|bei|chez|[•·])\s+|\s{3,}/)
    .slice(0, MAX_PARTS * 4)
    .map((p) => unbracket(trimBoth(p, ',')).trim())
    .filter((p) => p && /\p{L}/u.test(p));
  const out: string[] = [];
  for (const p of firstSplit) {
    const commas = p.split(/(?<!\s)\s*,\s*/).slice(0, MAX_PARTS);
    if (commas.length >= 2 && commas.every((c) => c.length > 1)) {
      // "Title, Employer" or "Employer, City": keep the comma when the tail is a place.
      if (commas.length === 2 && isLocation(p)) {
        out.push(commas[0]);
        continue;
      }
      out.push(...commas);
    } else out.push(p);
  }
  return out
    .filter(
      (p) =>
        !/^(remote|hybrid|on-?site|full[- ]time|part[- ]time|contract|freelance|dates?|period|from|to|position|role|job title|title|company|employer|organi[sz]ation|location|city)$/i.test(
          p.endsWith(':') ? p.slice(0, -1).trimEnd() : p,
        ),
    )
    .slice(0, MAX_PARTS);
}

function assign(parts: string[], order: 'title-first' | 'employer-first'): { title: string; employer: string } {
  if (parts.length === 0) return { title: '', employer: '' };
  // Labelled values ("Occupation or position held", "Name of employer") say what they are.
  const taggedTitle = parts.find((p) => p.startsWith('\u0001T'));
  const taggedEmployer = parts.find((p) => p.startsWith('\u0001E'));
  if (taggedTitle || taggedEmployer) {
    const rest = parts.filter((p) => !p.startsWith('\u0001'));
    return { title: taggedTitle?.slice(2) ?? rest[0] ?? '', employer: taggedEmployer?.slice(2) ?? rest.find((p) => p !== rest[0]) ?? '' };
  }
  if (parts.length === 1) {
    const t = wordsScore(parts[0], TITLE_WORDS);
    const e = wordsScore(parts[0], EMPLOYER_WORDS);
    return e > t ? { title: '', employer: parts[0] } : { title: parts[0], employer: '' };
  }
  let best = { title: '', employer: '', score: Number.NEGATIVE_INFINITY };
  for (let i = 0; i < parts.length; i++) {
    for (let j = 0; j < parts.length; j++) {
      if (i === j) continue;
      const ti = parts[i];
      const ej = parts[j];
      let score = 2 * wordsScore(ti, TITLE_WORDS) - 2 * wordsScore(ti, EMPLOYER_WORDS) + 2 * wordsScore(ej, EMPLOYER_WORDS) - 2 * wordsScore(ej, TITLE_WORDS);
      score -= (i + j) * 0.3; // earlier parts matter more (later ones are places, teams)
      if ((order === 'title-first' && i < j) || (order === 'employer-first' && j < i)) score += 0.5;
      if (isLocation(ej) || isLocation(ti)) score -= 3;
      if (score > best.score) best = { title: ti, employer: ej, score };
    }
  }
  return { title: best.title, employer: best.employer };
}

/**
 * Work history: every date range anchors one entry; its title and employer come from the date line
 * and the one or two short non-bullet lines before it (or after it, when the dates lead). Which part
 * is which follows the title and employer word lists, then the order.
 */
export function findExperience(blocks: Block[], places: Set<string>): WorkEntry[] {
  const lines = sectionLines(blocks, 'experience').filter((l) => l && (partsOf(l).length > 0 || dateRangeOf(l)));
  const useful = (parts: string[]) => parts.filter((p) => !isLocation(p) && !places.has((p.startsWith('\u0001') ? p.slice(2) : p).toLowerCase()));
  const unplace = (p: string) => {
    // A trailing "(Place)" is dropped when it names the candidate's own city, state or country.
    const t = p.trimEnd();
    if (!t.endsWith(')')) return p.trim();
    const open = t.indexOf('(', t.lastIndexOf(')', t.length - 2) + 1);
    if (open < 0 || open > t.length - 3) return p.trim();
    return places.has(t.slice(open + 1, -1).toLowerCase()) ? t.slice(0, open).trim() : t.trim();
  };
  // Dates lead every entry when the first date range opens the section with nothing on its line.
  const first = lines.findIndex((l) => dateRangeOf(l));
  const datesFirst = first === 0 && partsOf(dateRangeOf(lines[0])!.rest).length === 0;
  const out: WorkEntry[] = [];
  let used = -1;
  for (let i = 0; i < lines.length; i++) {
    const d = dateRangeOf(lines[i]);
    if (!d) continue;
    const parts = partsOf(d.rest).map(unplace);
    if (!datesFirst) {
      for (let k = i - 1; k > used && k >= i - 2 && useful(parts).length < 2; k--) {
        const l = lines[k];
        if (isBullet(l) || dateRangeOf(l)) break;
        parts.unshift(...partsOf(l).map(unplace));
      }
    }
    for (let k = i + 1; useful(parts).length < 2 && k < lines.length && k <= i + 3 && !isBullet(lines[k]) && !dateRangeOf(lines[k]); k++) {
      // The next lines hold the title and the employer (dates first, or "Title" / dates / "Employer").
      if (!datesFirst && k + 1 < lines.length && dateRangeOf(lines[k + 1]) && parts.length > 0) break;
      parts.push(...partsOf(lines[k]).map(unplace));
      used = k;
    }
    used = Math.max(used, i);
    const kept = useful(parts);
    const { title, employer } = assign(kept.length ? kept : parts, 'title-first');
    if (title || employer) out.push({ title, employer, startDate: d.start, endDate: d.end });
    if (out.length >= 30) break;
  }
  return out;
}

const DEGREE =
  /\b(bachelor|master|b\.?sc|m\.?sc|b\.?a\.?|m\.?a\.?|b\.?eng|m\.?eng|ph\.?d|doctor(ate)?|mba|diploma|diplom|degree|licen[cs]iatura|licence|associate|certificate|a-levels|abitur|baccalauréat|hnd|bs|ms|bsn|msn|rn|md)\b/i;
const INSTITUTION =
  /\b(university|universität|université|universidad|universidade|università|college|school|institute|academy|polytechnic|hochschule|école|escuela|conservatory|gymnasium|lycée)\b/i;

export function findEducation(blocks: Block[]): EducationEntry[] {
  const lines = sectionLines(blocks, 'education').filter((l) => l && !BULLET.test(l));
  const out: EducationEntry[] = [];
  let cur: EducationEntry | null = null;
  const flush = () => {
    if (cur && (cur.degree || cur.institution)) out.push(cur);
    cur = null;
  };
  for (const line of lines) {
    const d = dateRangeOf(line);
    const single = d ? null : /\b((?:19|20)\d{2})\b/.exec(line);
    const rest = d ? d.rest : single ? line.replace(single[0], '\t') : line;
    for (const p of partsOf(rest).flatMap((x) => x.split(/:\s+/))) {
      if (INSTITUTION.test(p)) {
        if (cur?.institution) flush();
        cur ??= { degree: '', institution: '', startDate: null, endDate: null };
        cur.institution = p;
      } else if (DEGREE.test(p)) {
        if (cur?.degree) flush();
        cur ??= { degree: '', institution: '', startDate: null, endDate: null };
        cur.degree = p;
      }
    }
    if (cur && d) {
      cur.startDate = d.start;
      cur.endDate = d.end;
    } else if (cur && single) cur.endDate = single[1];
  }
  flush();
  return out.slice(0, 10);
}

/** Every field the parser knows from a resume's plain text (its first MAX_FIELD_TEXT characters, tidied by boundText). */
export function extractFields(input: string): ParsedFields {
  const text = boundText(input);
  const lines = joinLabels(text.split('\n', MAX_LINES).map((l) => l.trimEnd()));
  const blocks = splitSections(lines);
  const email = findEmail(text);
  const { firstName, lastName } = findName(blocks, email);
  const headerLines = blocks.filter((b) => b.section === 'header' || b.section === 'contact').flatMap((b) => b.lines);
  const phone = findPhone(headerLines.length ? headerLines : lines) || findPhone(lines);
  const address = findAddress(blocks, `${firstName} ${lastName}`.trim());
  const places = new Set([address.city, address.state, address.country].filter(Boolean).map((p) => p.toLowerCase()));
  return {
    firstName,
    lastName,
    email,
    phone,
    address,
    links: findLinks(text, email),
    skills: findSkills(blocks, text),
    experience: findExperience(blocks, places),
    education: findEducation(blocks),
  };
}
