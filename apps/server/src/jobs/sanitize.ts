import sanitizeHtml from 'sanitize-html';

/**
 * Job descriptions are HTML from recruiters and imports; they are rendered on public pages,
 * so they are sanitised when stored (issue 3: hostile HTML). Formatting tags and http(s)/mailto
 * links survive; scripts, styles, event handlers and iframes do not.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span', 'div', 'hr'],
    allowedAttributes: { a: ['href', 'title', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }) },
    disallowedTagsMode: 'discard',
  }).trim();
}

/** Plain text of a description (meta description, JSON-LD fallbacks, emails). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
