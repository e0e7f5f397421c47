import { messages } from '@hh/contract/messages';

type Entry = { key: string; area: string; type: 'success' | 'error' | 'info'; text: string };

/** Placeholder names for templated texts: a function's text is shown with {name} where a value goes. */
function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'function') {
    const names = (v.toString().match(/^\(([^)]*)\)/)?.[1] ?? '')
      .split(',')
      .map((p) => p.split(':')[0].trim())
      .filter(Boolean);
    // A text built from a list or a count (`missing.map(…)`) cannot be drawn with placeholders: left out.
    try {
      return String((v as (...a: string[]) => string)(...names.map((n) => `{${n}}`)));
    } catch {
      return null;
    }
  }
  return null;
}

function typeOf(key: string, text: string): Entry['type'] {
  if (/error|fail|invalid|notfound|taken|forbidden|expired|suspended|toolarge|reserved|wrong|refused|unknown|unverified/i.test(key)) return 'error';
  if (/success|created|updated|deleted|saved|sent|added|published|unpublished|revoked/i.test(key) || /successfully/i.test(text)) return 'success';
  return 'info';
}

/**
 * GET /api/errors: every text the portal shows, from the contract's catalogue (the spec's texts
 * verbatim, and ours). Shape: docs/decisions/0042-errors-catalogue.md.
 */
export function errorCatalogue(): Entry[] {
  const out: Entry[] = [];
  const add = (area: string, group: Record<string, unknown>) => {
    for (const [k, v] of Object.entries(group)) {
      const text = textOf(v);
      if (text !== null) out.push({ key: `${area}.${k}`, area, type: typeOf(k, text), text });
    }
  };
  for (const [area, group] of Object.entries(messages)) add(area, group as Record<string, unknown>);
  return out;
}
