import { toEditorHtml } from '@hh/html/rich-text';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'blockquote', 'a', 'hr'];

/**
 * Formatted text as visitors see it (page text blocks, motivator stories) inside the portal's
 * previews. The server stores it sanitised; it is sanitised here again with DOMPurify (the same tags
 * as the server's core/rich-html.ts), because a value written before the editor existed was stored
 * as plain text. Text in that old format is converted (packages/html rich-text.ts).
 */
export function RichTextView({ value }: { value: string }) {
  const html = useMemo(() => DOMPurify.sanitize(toEditorHtml(value), { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'title'] }), [value]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised just above with an allow-list
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
