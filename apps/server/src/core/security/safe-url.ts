/**
 * The one rule for URLs that reach server-rendered HTML (decision 0400: stored XSS through a job's apply link). The contract refuses
 * script schemes on write (`urlField` in packages/contract/src/common.ts); this refuses them again
 * on output, so a value stored before that rule (or forced into the database) cannot run either.
 */

/** What a browser treats as the scheme: it drops ASCII tabs, newlines and leading controls and ignores case. */
function schemeOf(value: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip exactly these before parsing a scheme
  const cleaned = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  const m = cleaned.match(/^([a-z][a-z0-9+.-]*):/);
  return m ? m[1] : null;
}

const SAFE_DATA = /^data:(,|image\/(png|gif|jpeg|webp);base64,)/i;

/**
 * A URL safe to put in href/src/action: http(s), mailto:, tel:, a same-site path (`/x`, `?q`, `#a`,
 * never `//host`), or an inert `data:` image. Anything else (javascript:, vbscript:, data:text/html,
 * protocol-relative addresses) becomes `fallback`.
 */
export function safeUrl(value: unknown, fallback = '#'): string {
  if (value === null || value === undefined) return fallback;
  const v = String(value).trim();
  if (v === '') return fallback;
  const scheme = schemeOf(v);
  if (scheme === null) {
    // No scheme: a path. A leading `//` or `/\` is another host (protocol-relative), not a path.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: same stripping as the browser
    const path = v.replace(/[\u0000-\u0020]/g, '');
    return /^[/\\][/\\]/.test(path) ? fallback : v;
  }
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto' || scheme === 'tel') return v;
  if (scheme === 'data' && SAFE_DATA.test(v)) return v;
  return fallback;
}

/** Whether a value passes safeUrl unchanged (for callers that would rather leave an element out). */
export const isSafeUrl = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '' && safeUrl(value, '\0') !== '\0';

/**
 * A redirect target that is never protocol-relative: `//evil.example/x` and
 * `/\evil.example` are collapsed to one leading slash, so the browser stays on this host.
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}
