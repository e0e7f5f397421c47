import { safeUrl } from '../core/security/safe-url.ts';

/** Minimal HTML templating for the server-rendered career sites: every interpolation is escaped unless wrapped in raw(). */
export class Raw {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export const raw = (s: string) => new Raw(s);

import { escapeHtml as esc } from '@hh/html/escape';

export { esc };

type Value = string | number | null | undefined | false | Raw | Value[];
const render = (v: Value): string => {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Raw) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return esc(v);
};

/** A value interpolated right after one of these attributes is a URL: script schemes are refused (a javascript: link would run in the visitor's page). */
const URL_ATTR = /\s(href|src|action|formaction|poster|srcset|cite)\s*=\s*"$/i;

export function html(strings: TemplateStringsArray, ...values: Value[]): Raw {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const urlAttr = URL_ATTR.test(strings[i]) && !(v instanceof Raw) && !Array.isArray(v) && v !== false && v !== null && v !== undefined;
    out += (urlAttr ? esc(safeUrl(v)) : render(v)) + strings[i + 1];
  }
  return new Raw(out);
}

/** JSON inside <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export const jsonForScript = (v: unknown) =>
  raw(
    JSON.stringify(v)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
