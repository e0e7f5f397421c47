import { mergeFieldLabels } from '@hh/contract/team';
import { mergeAttributes, Node } from '@tiptap/react';

/** How a merge field is named to a person: its label from the contract, else its own name. */
export const mergeFieldLabel = (field: string, labels: Record<string, string> = mergeFieldLabels) => labels[field] ?? field;

/**
 * A merge field as one chip in the editor: an inline atom (deleted, moved and selected as a whole,
 * never typed letter by letter). It shows the field's label; its HTML and text are `{{field}}`, which is
 * what the server fills in for each recipient.
 */
export const MergeFieldChip = Node.create<{ labels: Record<string, string> }>({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  addOptions() {
    return { labels: mergeFieldLabels };
  },
  addAttributes() {
    return {
      field: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-merge-field') ?? '',
        renderHTML: (attrs) => ({ 'data-merge-field': attrs.field }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), `{{${node.attrs.field}}}`];
  },
  renderText({ node }) {
    return `{{${node.attrs.field}}}`;
  },
  addNodeView() {
    const labels = this.options.labels;
    return ({ node }) => {
      const dom = document.createElement('span');
      dom.className = 'merge-chip';
      dom.contentEditable = 'false';
      dom.dataset.mergeField = String(node.attrs.field);
      dom.textContent = mergeFieldLabel(String(node.attrs.field), labels);
      dom.setAttribute('aria-label', `Merge field: ${dom.textContent}`);
      // Chip look without a stylesheet of its own: a rounded tag in the brand's light colour, AA text.
      Object.assign(dom.style, {
        display: 'inline-block',
        padding: '0 6px',
        margin: '0 1px',
        borderRadius: '10px',
        background: 'var(--mantine-color-blue-0)',
        border: '1px solid var(--mantine-color-blue-3)',
        color: '#0b5cb5',
        fontSize: '0.9em',
        lineHeight: '1.5',
        whiteSpace: 'nowrap',
        userSelect: 'none',
      });
      return { dom };
    };
  },
});

const FIELD = /(<[^>]*>)|\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const chip = (field: string) => `<span data-merge-field="${escapeAttr(field)}">{{${field}}}</span>`;

/**
 * Stored text (`{{field}}` in HTML, however the server kept the chip's span) as the editor's chips.
 * Only text between tags is read, so an attribute that happens to hold braces stays as it was.
 */
export function withChips(html: string): string {
  const plain = html.replace(/<span data-merge-field="[^"]*">(\{\{[^}]*\}\})<\/span>/g, '$1');
  return plain.replace(FIELD, (m, tag: string | undefined, field: string | undefined) => (tag ? tag : field ? chip(field) : m));
}

/** Plain text with `{{field}}` (an SMS body, a subject) as one paragraph per line with chips, for the plain editor. */
export function textWithChips(text: string): string {
  const esc = (s: string) => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
  return text
    .split('\n')
    .map((line) => `<p>${withChips(esc(line))}</p>`)
    .join('');
}

/** The merge fields a text uses, in order of first use. */
export function fieldsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)) if (m[1] && !out.includes(m[1])) out.push(m[1]);
  return out;
}
