import sanitizeHtml from 'sanitize-html';
import { sanitizeRichHtml } from '../core/rich-html.ts';

/**
 * Job descriptions are HTML from recruiters and imports; they are rendered on public pages,
 * so they are sanitised when stored (a recruiter's or a feed's HTML may be hostile). Formatting tags and http(s)/mailto
 * links survive; scripts, styles, event handlers and iframes do not.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeRichHtml(html, { extraTags: ['span', 'div'] });
}

/** Plain text of a description (meta description, JSON-LD fallbacks, emails). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
