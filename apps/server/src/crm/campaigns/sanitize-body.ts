import sanitizeHtml from 'sanitize-html';

/**
 * A campaign body is HTML from the portal's rich-text editor; it goes to candidates' inboxes, so it
 * is sanitised when stored and again when sent: formatting tags and http(s)/mailto links survive,
 * scripts, styles, event handlers, images from anywhere and iframes do not. Merge fields
 * ({{firstName}}) are plain text and pass through.
 */
export function sanitizeCampaignBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'blockquote', 'a', 'span', 'hr'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener', target: '_blank' }) },
    disallowedTagsMode: 'discard',
  }).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, e: string) => ENTITIES[e]);

/** The plain-text part of a sanitised body: paragraphs and list items on their own lines, links written out. */
export function campaignBodyText(html: string): string {
  const text = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '');
      return decode(label) === decode(href) ? href : `${label} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h2|h3|h4|li|blockquote|ul|ol)>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n---\n')
    .replace(/<[^>]+>/g, '');
  return decode(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
