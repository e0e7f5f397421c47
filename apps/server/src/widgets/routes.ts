import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import {
  createWidgetRequest,
  updateWidgetRequest,
  widget,
  widgetIdQuery,
  widgetList,
  widgetListQuery,
  widgetPreviewReply,
  widgetPublicReply,
  widgetSaveReply,
} from '@hh/contract/widgets';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadAccessibleClient } from '../auth/access.ts';
import { clients } from '../db/schema/core.ts';
import { widgets } from '../db/schema/wave.ts';
import { forbidden } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { canManageWave } from '../wave/index.ts';
import { widgetScript } from './build-script.ts';
import { renderEmbedPage } from './embed-page.ts';
import { loadManagedWidget } from './load-widget.ts';
import { createWidget, updateWidget } from './save-widget.ts';
import { toWidget } from './serialize.ts';
import { widgetDataFor, widgetPublicData } from './widget-data.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply };

/** Widget calls (core spec §7 Widgets), the embed's public data call, script and iframe page. */
export default async function widgetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['widgets'];

  r.post('/api/widget/create', { schema: { tags, body: createWidgetRequest, response: { 201: widgetSaveReply, ...errors } } }, async (req, reply) =>
    reply.status(201).send({ status: 201, message: messages.widgets.saveSuccess, data: await createWidget(app, { actor: actorOf(req), body: req.body }) }),
  );

  r.patch('/api/widget/update', { schema: { tags, body: updateWidgetRequest, response: { 200: widgetSaveReply, ...errors } } }, async (req) => ({
    status: 200,
    message: messages.widgets.updateSuccess,
    data: await updateWidget(app, { actor: actorOf(req), body: req.body }),
  }));

  r.get('/api/widget', { schema: { tags, querystring: widgetListQuery, response: { 200: widgetList, ...errors } } }, async (req) => {
    const actor = actorOf(req);
    const client = await loadAccessibleClient(app.db, actor, req.query.clientId, 'widgets');
    if (!(await canManageWave(app.db, actor, client.id))) throw forbidden('widgets', messages.server.forbidden);
    const rows = await app.db.select().from(widgets).where(eq(widgets.clientId, client.id)).orderBy(desc(widgets.createdAt)).limit(500);
    return { results: rows.map((w) => toWidget(w, app.config.publicUrl)), totalCount: rows.length };
  });

  r.get('/api/widget/get-by-id', { schema: { tags, querystring: widgetIdQuery, response: { 200: widget, ...errors } } }, async (req) =>
    toWidget(await loadManagedWidget(app.db, actorOf(req), req.query.widgetId), app.config.publicUrl),
  );

  // The portal's live preview: the same data the embed gets, whatever the embedding domains.
  r.get('/api/widget/get-preview', { schema: { tags, querystring: widgetIdQuery, response: { 200: widgetPreviewReply, ...errors } } }, async (req) => {
    const w = await loadManagedWidget(app.db, actorOf(req), req.query.widgetId);
    const [c] = await app.db
      .select({ nameSlug: clients.nameSlug })
      .from(clients)
      .where(and(eq(clients.id, w.clientId)))
      .limit(1);
    const data = await widgetDataFor(app, w, c.nameSlug);
    return { widget: toWidget(w, app.config.publicUrl), profiles: data.profiles, meetTheTeamUrl: data.meetTheTeamUrl ?? '' };
  });

  // The script embed's data call: public, answered only for the widget's allowed domains.
  r.get(
    '/api/widget/public/:widgetId',
    { config: { auth: 'public' }, schema: { tags, params: z.object({ widgetId: z.string().max(100) }), response: { 200: widgetPublicReply } } },
    async (req, reply) => {
      const origin = req.headers.origin ?? req.headers.referer;
      const data = await widgetPublicData(app, req.params.widgetId, origin, req.headers.host);
      reply.header('Vary', 'Origin').header('Cache-Control', 'no-store');
      // The allowed page may read the data; any other page may read only the empty reply (no console noise on it).
      reply.header('Access-Control-Allow-Origin', data.widget && req.headers.origin ? req.headers.origin : '*');
      return data;
    },
  );

  r.get('/widget/script.js', { config: { auth: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(await widgetScript()),
  );

  r.get(
    '/widget/embed/:widgetId',
    { config: { auth: 'public' }, schema: { hide: true, params: z.object({ widgetId: z.string().max(100) }) } },
    async (req, reply) => renderEmbedPage(app, req.params.widgetId, reply),
  );
}
