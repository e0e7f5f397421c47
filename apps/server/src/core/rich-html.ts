import { isHtml, plainTextToHtml } from '@hh/html/rich-text';
import sanitizeHtml from 'sanitize-html';

const TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'blockquote', 'a', 'hr'];

/**
 * Formatted text written by recruiters and shown on public pages (job descriptions, the privacy
 * notice, page text blocks, motivator stories): the portal's rich-text editor's tags and http(s)/mailto
 * links survive, marked nofollow; scripts, styles, event handlers, images and iframes do not.
 * `extraTags`: job descriptions also keep the span and div of imported HTML.
 */
export function sanitizeRichHtml(html: string, opts: { extraTags?: string[] } = {}): string {
  return sanitizeHtml(html, {
    allowedTags: opts.extraTags ? [...TAGS, ...opts.extraTags] : TAGS,
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
    disallowedTagsMode: 'discard',
  }).trim();
}

/** True when the formatted text shows nothing (an editor left empty gives "<p></p>"). */
export const isBlankHtml = (html: string) => !sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();

/**
 * Page text as it is stored: the editor's HTML sanitised; text in the old plain format (written before
 * the editor, decision in packages/html rich-text.ts) converted to HTML first; blank becomes ''.
 */
export function storedRichText(value: string): string {
  const clean = sanitizeRichHtml(isHtml(value) ? value : plainTextToHtml(value));
  return isBlankHtml(clean) ? '' : clean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** One line of plain text from formatted text (meta descriptions): tags dropped, entities decoded. */
export function richTextSummary(value: string, max = 155): string {
  const text = isHtml(value)
    ? value.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e])
    : value.replace(/\*\*/g, '');
  return text.replace(/\s+/g, ' ').trim().slice(0, max);
}
