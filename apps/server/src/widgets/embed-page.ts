import type { FastifyInstance, FastifyReply } from 'fastify';
import { esc, renderWidget } from '@hh/html/widget-embed';
import { allowFraming } from '../plugins/security.ts';
import { findPublicWidget, widgetDataFor } from './widget-data.ts';

/** CSP host-sources from embeddingPermissions (already validated as hosts or origins). */
export function frameAncestors(permissions: string[]): string {
  const sources = permissions.map((p) => p.trim().replace(/\/$/, '')).filter((p) => /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(p));
  return ["'self'", ...sources].join(' ');
}

/**
 * GET /widget/embed/:widgetId — the iframe form of the embed, rendered on the server. Framing is
 * limited to the widget's embeddingPermissions by `Content-Security-Policy: frame-ancestors`.
 * An unknown id gets an empty page (not an error page), which any page may frame.
 */
export async function renderEmbedPage(app: FastifyInstance, widgetId: string, reply: FastifyReply) {
  const found = await findPublicWidget(app, widgetId);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=60');
  if (!found) {
    allowFraming(reply, '*');
    return reply.send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Widget</title></head><body></body></html>',
    );
  }
  const data = await widgetDataFor(app, found.widget, found.nameSlug);
  const body = renderWidget(data);
  allowFraming(reply, frameAncestors(found.widget.embeddingPermissions));
  const needsScript = body.includes('hhw-play') || body.includes('data-toggle');
  return reply.send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>${esc(found.widget.widgetTitleText || 'Meet the team')}</title><style>html,body{margin:0;padding:0;background:transparent}</style></head><body>${body}${needsScript ? '<script src="/widget/script.js" defer></script>' : ''}</body></html>`,
  );
}
