/**
 * The one HTML escaper (text and attribute values): career-site pages, the widget embed and
 * the meet-the-team page use it. Mail templates are React Email components, which escape by
 * construction. null and undefined become ''.
 */
const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: unknown): string => String(s ?? '').replace(/[&<>"']/g, (c) => ESC[c]);
