import { widgetPublicParams, widgetRoutes as w } from '@hh/contract/widgets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { depsOf } from '../core/deps.ts';
import { route } from '../plugins/route.ts';
import { allowFraming } from '../plugins/security.ts';
import { widgetScript } from './build-script.ts';
import { renderEmbedPage } from './embed-page.ts';
import { getWidget, previewWidget } from './get-widget.ts';
import { listWidgets } from './list-widgets.ts';
import { createWidget, updateWidget } from './save-widget.ts';
import { getPublicWidget } from './widget-data.ts';

/** Widget calls (core spec §7 Widgets), the embed's public data call, script and iframe page. */
export default async function widgetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);

  route(app, w.create, createWidget);
  route(app, w.update, updateWidget);
  route(app, w.list, listWidgets);
  route(app, w.getById, getWidget);
  // The portal's live preview: the same data the embed gets, whatever the embedding domains.
  route(app, w.preview, previewWidget);
  // The script embed's data call: public, answered only for the widget's allowed domains.
  route(app, w.public, getPublicWidget);

  r.get('/widget/script.js', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(await widgetScript()),
  );

  r.get('/widget/embed/:widgetId', { config: { auth: 'public' }, schema: { hide: true, params: widgetPublicParams } }, async (req, reply) => {
    const page = await renderEmbedPage(deps, req.params.widgetId);
    allowFraming(reply, page.frameAncestors);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=60').send(page.html);
  });
}
