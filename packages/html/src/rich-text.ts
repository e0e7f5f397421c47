import { escapeHtml } from './escape.ts';

/**
 * Rich text on career sites (decisions 0030 and 0053): text blocks and motivator stories are written in the
 * portal's rich-text editor and stored as HTML (sanitised by the server when stored and again when
 * rendered). Values written before the editor existed are plain text with a few marks: a blank line
 * starts a paragraph, "- " starts a list item, **bold**. They still render, and the editor opens them
 * converted, so nothing a recruiter wrote is lost.
 */
export const isHtml = (value: string): boolean => /^\s*<[a-z]/i.test(value);

/** The old plain-text format as HTML (escaped first): paragraphs, line breaks, lists and bold. */
export function plainTextToHtml(text: string): string {
  const inline = (s: string) => escapeHtml(s).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  return text
    .split(/\n\s*\n/)
    .map((para) => {
      const lines = para.split('\n').filter((l) => l.trim());
      if (lines.length && lines.every((l) => /^\s*[-*]\s+/.test(l)))
        return `<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`;
      return lines.length ? `<p>${lines.map(inline).join('<br>')}</p>` : '';
    })
    .join('');
}

/** What the editor opens: HTML as stored, or the old plain text converted. */
export const toEditorHtml = (value: string): string => (isHtml(value) ? value : plainTextToHtml(value));
