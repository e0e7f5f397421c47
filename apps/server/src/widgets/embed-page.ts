import { widgetFont } from '@hh/contract/site-css';
import { esc, renderWidget } from '@hh/html/widget-embed';
import type { Deps } from '../core/deps.ts';
import { findPublicWidget, widgetDataFor } from './widget-data.ts';

/** CSP host-sources from embeddingPermissions (already validated as hosts or origins). */
export function frameAncestors(permissions: string[]): string {
  const sources = permissions.map((p) => p.trim().replace(/\/$/, '')).filter((p) => /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(p));
  return ["'self'", ...sources].join(' ');
}

/** The iframe page of a widget, and who may frame it (the CSP `frame-ancestors` sources). */
export interface EmbedPage {
  html: string;
  frameAncestors: string;
}

/**
 * GET /widget/embed/:widgetId — the iframe form of the embed, rendered on the server. Framing is
 * limited to the widget's embeddingPermissions by `Content-Security-Policy: frame-ancestors`.
 * An unknown id gets an empty page (not an error page), which any page may frame. The route sends it.
 */
export async function renderEmbedPage(deps: Pick<Deps, 'db' | 'config'>, widgetId: string): Promise<EmbedPage> {
  const found = await findPublicWidget(deps, widgetId);
  if (!found) {
    return {
      html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Widget</title></head><body></body></html>',
      frameAncestors: '*',
    };
  }
  const data = await widgetDataFor(deps, found.widget, found.nameSlug);
  // The widget's font as drawn (a licensed name's free stand-in), its files from our own host (CSP font-src 'self').
  const font = widgetFont(found.widget.font);
  const body = renderWidget({ ...data, widget: data.widget && { ...data.widget, font: font.family } });
  const needsScript = body.includes('hhw-play') || body.includes('data-toggle');
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${esc(found.widget.widgetTitleText || 'Meet the team')}</title><style>${font.faces}html,body{margin:0;padding:0;background:transparent}</style></head><body>${body}${needsScript ? '<script src="/widget/script.js" defer></script>' : ''}</body></html>`,
    frameAncestors: frameAncestors(found.widget.embeddingPermissions),
  };
}
