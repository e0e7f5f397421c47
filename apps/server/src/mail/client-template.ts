import sanitizeHtml from 'sanitize-html';

/**
 * A client's own text for a product mail (decision 0042): a subject and a body with
 * `{{field}}` merge fields. The body is either the rich-text editor's HTML or plain text (paragraphs
 * separated by a blank line). Rendering never lets the template or a value add markup: the body is
 * sanitised to formatting tags and http(s)/mailto links, every value is escaped, and only an http(s)
 * `link` (or `bookingLink`) value becomes an anchor.
 */
export interface ClientTemplate {
  subject: string;
  emailValue: string;
}
export type MergeValues = Record<string, string | null | undefined>;

const FIELD = /( ?)\{\{\s*([a-zA-Z]+)\s*\}\}/g;
/** Anything written as a merge field, including names the renderer never fills (`{{__proto__}}`, `{{a.b}}`). */
const ANY_FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The values a template may read: only the allowed fields, only the object's own string properties,
 * in a Map. A plain object lookup (`values[field]`) would find `constructor`, `toString` or
 * `__proto__` on Object.prototype and hand a function to the renderer.
 */
function valueMap(values: MergeValues, allowed?: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const [field, v] of Object.entries(values)) {
    if (typeof v === 'string' && (!allowed || allowed.includes(field))) map.set(field, v);
  }
  return map;
}

/** The merge fields a subject or body names that are not in `allowed`, each once, in order of appearance. */
export function unknownMergeFields(text: string, allowed: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(ANY_FIELD)) if (!allowed.includes(m[1])) unknown.add(m[1]);
  return [...unknown];
}
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
const isHttp = (v: string) => /^https?:\/\//i.test(v);

/** Whether a stored body is the editor's HTML (else plain text). */
export const isHtmlBody = (s: string) => /<\/?(p|br|div|h[1-6]|ul|ol|li|strong|em|b|i|u|s|a|blockquote|hr)\b[^>]*>/i.test(s);

/**
 * Replaces every `{{field}}` with `format(field, value)`. Spacing reads naturally whichever way the
 * field was written: "Hello{{firstName}}," and "Hello {{firstName}}," both give "Hello Ann," or, with no
 * value, "Hello,".
 */
function fill(s: string, values: Map<string, string>, format: (field: string, value: string) => string): string {
  return s.replace(FIELD, (m: string, space: string, field: string, offset: number) => {
    const v = values.get(field) ?? '';
    const next = s[offset + m.length] ?? '';
    if (!v) return space && /[,.!?;:)]/.test(next) ? '' : space;
    const glued = !space && /[\p{L}\p{N}]/u.test(s[offset - 1] ?? '');
    return `${glued ? ' ' : space}${format(field, v)}`;
  });
}

/** The editor's HTML limited to what a mail body may hold. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'blockquote', 'a', 'hr'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    disallowedTagsMode: 'discard',
  }).trim();
}

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** The plain-text part of a (sanitised) HTML body: paragraphs, line breaks, list items and link targets kept. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '');
      const target = decodeEntities(href);
      return decodeEntities(text).trim() === target || !target ? label : `${label} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<hr[^>]*>/gi, '\n---\n\n')
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, '\n\n');
  return decodeEntities(marked.replace(/<[^>]+>/g, ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The body as sanitised HTML, from either form. */
function bodyHtml(emailValue: string): string {
  if (isHtmlBody(emailValue)) return sanitizeTemplateHtml(emailValue);
  return emailValue
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * Fills the merge fields: `subject` and `text` are plain; `html` is the body's content (no frame —
 * renderMail puts it in the client's branded layout). Only `allowed` fields (the kind's merge fields)
 * are filled; any other field, such as one in a template saved before unknown fields were refused,
 * renders empty.
 */
export function renderClientTemplate(
  tpl: ClientTemplate,
  mergeValues: MergeValues,
  allowed?: readonly string[],
): { subject: string; text: string; html: string } {
  const values = valueMap(mergeValues, allowed);
  const plain = (_f: string, v: string) => v;
  const subject = fill(tpl.subject, values, plain)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const safe = bodyHtml(tpl.emailValue);
  const text = fill(isHtmlBody(tpl.emailValue) ? htmlToText(safe) : tpl.emailValue.trim(), values, plain)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // A link whose target is a merge field (the editor's link button with {{link}}): an http(s) value, else no link.
  const linked = safe.replace(/<a href="\{\{\s*([a-zA-Z]+)\s*\}\}">/g, (_m, f: string) => {
    const v = values.get(f) ?? '';
    return isHttp(v) ? `<a href="${escapeHtml(v)}">` : '<a>';
  });
  const html = fill(linked, values, (f, v) =>
    (f === 'link' || f === 'bookingLink') && isHttp(v) ? `<a href="${escapeHtml(v)}">${escapeHtml(v)}</a>` : escapeHtml(v),
  )
    // A paragraph that held only an empty field (an optional note) goes.
    .replace(/<p>\s*<\/p>/g, '');
  return { subject, text, html };
}
