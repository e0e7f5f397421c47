import type { PageTemplateRow, StoredScript } from '../db/schema/pages.ts';
import { NONCE_PLACEHOLDER } from '../plugins/security.ts';
import type { SiteContext } from './context.ts';
import { html, type Raw, raw } from './html.ts';

/**
 * Where a client's own scripts run (docs/decisions/0403-token-storage-and-client-scripts.md).
 *
 * On the product host the career pages share their origin with the portal, whose session lives in
 * that origin's storage and cookies. A client-authored script there could read it and call the API
 * as whoever is signed in, so it never runs in the page: it runs in a `srcdoc` frame sandboxed with
 * `allow-scripts` and without `allow-same-origin`. The frame's origin is opaque: it has no
 * localStorage and no cookies, cannot reach into the page, and its requests are cross-site, so they
 * carry no session.
 *
 * On a client's custom domain the portal is never served, so the scripts run in the page itself.
 *
 * Either way the scripts carry this response's CSP nonce (the frame inherits the page's policy), and
 * they are the published ones (pages/live-site.ts), never the editor's draft.
 */

/** The client's scripts for one page (an empty `pages` list means every page). */
export function scriptsFor(template: PageTemplateRow | null, pageName: string): StoredScript[] {
  const name = pageName.toLowerCase();
  return (template?.customScripts ?? []).filter((s) => !s.pages.length || s.pages.some((p) => p.toLowerCase() === name));
}

const tag = (s: StoredScript) => html`<script src="${s.src}" nonce="${raw(NONCE_PLACEHOLDER)}" defer></script>`;

/** The markup a page carries for its client scripts: the scripts on a custom domain, else one sandboxed frame that runs them. */
export function clientScriptTags(ctx: SiteContext, template: PageTemplateRow | null, pageName: string | null | undefined): { head: Raw[]; body: Raw[] } {
  const scripts = pageName == null ? [] : scriptsFor(template, pageName);
  if (!scripts.length) return { head: [], body: [] };
  const head = scripts.filter((s) => s.placement === 'head').map(tag);
  const body = scripts.filter((s) => s.placement !== 'head').map(tag);
  if (ctx.onCustomDomain) return { head, body };
  // The frame's document, escaped once more as the srcdoc attribute's value.
  const doc = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site scripts</title>${head}</head><body>${body}</body></html>`;
  return {
    head: [],
    body: [
      html`<iframe class="client-scripts" sandbox="allow-scripts" srcdoc="${doc.value}" title="Site scripts" hidden aria-hidden="true" tabindex="-1"></iframe>`,
    ],
  };
}
