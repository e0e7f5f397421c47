/**
 * Search highlights: which parts of a candidate's text matched, marked with <mark>.
 *
 * The marks are placed from match offsets found once on the original text: every term's
 * [start, end) ranges are collected, overlapping or touching ranges are merged, and the escaped
 * output is built in one pass. Nothing is ever searched in text that already holds marks (marking
 * term after term in the growing HTML re-wrapped the marks' own letters, so "a a a …" tripled the
 * text per term until the process died). The terms used are capped, and so is the text shown.
 */

/** At most this many distinct terms are marked (the search itself still uses every term). */
export const HIGHLIGHT_MAX_TERMS = 10;
/** At most this many characters of the original text are shown in one highlight. */
export const HIGHLIGHT_MAX_CHARS = 400;
/** Characters kept before the first match when the text is cut to HIGHLIGHT_MAX_CHARS. */
const LEAD = 60;
const ELLIPSIS = '…';

export type Range = [start: number, end: number];

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESC[ch] ?? ch);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Distinct terms (case-insensitive, trimmed, non-empty), in the order given, at most `max`. */
export function highlightTerms(terms: readonly string[], max = HIGHLIGHT_MAX_TERMS): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const t = raw.trim();
    const key = t.toLowerCase();
    if (!t || seen.has(key)) continue;
    seen.add(key);
    out.push(t);
    if (out.length >= max) break;
  }
  return out;
}

/** Every [start, end) where one of the terms occurs in `text`, case-insensitively (overlaps included). */
export function termRanges(text: string, terms: readonly string[]): Range[] {
  const out: Range[] = [];
  for (const t of highlightTerms(terms)) {
    // A literal pattern: linear in the text for each term, whatever the term holds.
    const re = new RegExp(escapeRegExp(t), 'giu');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0].length === 0) break;
      out.push([m.index, m.index + m[0].length]);
      // The next search starts one character on, so overlapping occurrences ("aa" in "aaa") count too.
      re.lastIndex = m.index + 1;
    }
  }
  return out;
}

/** Sorted, with overlapping and touching ranges joined into one. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/**
 * The escaped HTML of `text` with the ranges marked, in one pass over the original text. Text longer
 * than `maxChars` is cut to a window that starts a little before the first match, with "…" where it
 * was cut; a mark cut by the window is closed at its edge.
 */
export function renderHighlight(text: string, ranges: readonly Range[], maxChars = HIGHLIGHT_MAX_CHARS): string {
  const merged = mergeRanges(ranges);
  let from = 0;
  let to = text.length;
  if (text.length > maxChars) {
    from = Math.max(0, Math.min((merged[0]?.[0] ?? 0) - LEAD, text.length - maxChars));
    to = from + maxChars;
  }
  let html = from > 0 ? ELLIPSIS : '';
  let at = from;
  for (const [s0, e0] of merged) {
    const s = Math.max(s0, from);
    const e = Math.min(e0, to);
    if (e <= s) continue;
    html += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  html += escapeHtml(text.slice(at, to));
  if (to < text.length) html += ELLIPSIS;
  return html;
}

/**
 * `text` with every occurrence of the (capped) terms marked. A text longer than `maxChars` is
 * searched once per term for its first match; the ranges are then collected only in the window that
 * is shown, so the work is bounded by the window, not by the text (a 1 MB token of "a" included).
 */
export function highlightText(text: string, terms: readonly string[], maxChars = HIGHLIGHT_MAX_CHARS): string {
  const list = highlightTerms(terms);
  if (text.length <= maxChars) return renderHighlight(text, termRanges(text, list), maxChars);
  let first = -1;
  for (const t of list) {
    const m = new RegExp(escapeRegExp(t), 'iu').exec(text);
    if (m && (first < 0 || m.index < first)) first = m.index;
  }
  if (first < 0) return renderHighlight(text, [], maxChars);
  const from = Math.max(0, Math.min(first - LEAD, text.length - maxChars));
  const pad = Math.max(...list.map((t) => t.length));
  const lo = Math.max(0, from - pad);
  const ranges = termRanges(text.slice(lo, Math.min(text.length, from + maxChars + pad)), list).map(([s, e]): Range => [s + lo, e + lo]);
  // The window renderHighlight picks starts at the first range, which is `first` (no match starts earlier).
  return renderHighlight(text, ranges.length ? ranges : [[first, first]], maxChars);
}

/**
 * A PostgreSQL ts_headline result whose matches are wrapped in `open` and `close` (control
 * characters that escaping leaves alone): the markers become ranges of the plain text, which is then
 * escaped, marked and cut like any other highlight. Null when nothing was marked.
 */
export function highlightFromMarkers(marked: string, open: string, close: string, maxChars = HIGHLIGHT_MAX_CHARS): string | null {
  let plain = '';
  const ranges: Range[] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === open) start = plain.length;
    else if (ch === close) {
      if (start >= 0) ranges.push([start, plain.length]);
      start = -1;
    } else plain += ch;
  }
  if (start >= 0) ranges.push([start, plain.length]);
  if (!ranges.length) return null;
  return renderHighlight(plain, ranges, maxChars);
}
