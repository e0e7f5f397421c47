import { messages } from '@hh/contract/messages';
import { widgetPublicParams, widgetRoutes as w } from '@hh/contract/widgets';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAccessibleClient } from '../auth/access.ts';
import { depsOf } from '../core/deps.ts';
import { clients } from '../db/schema/core.ts';
import { widgets } from '../db/schema/wave.ts';
import { forbidden } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { allowFraming } from '../plugins/security.ts';
import { canManageWave } from '../wave/index.ts';
import { widgetScript } from './build-script.ts';
import { renderEmbedPage } from './embed-page.ts';
import { loadManagedWidget } from './load-widget.ts';
import { createWidget, updateWidget } from './save-widget.ts';
import { toWidget } from './serialize.ts';
import { widgetDataFor, widgetPublicData } from './widget-data.ts';

/** Widget calls (core spec §7 Widgets), the embed's public data call, script and iframe page. */
export default async function widgetsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = depsOf(app);

  legacyRoute(app, w.create, async (req) => ({
    status: 201,
    message: messages.widgets.saveSuccess,
    data: await createWidget(deps, { actor: actorOf(req), body: req.body }),
  }));

  legacyRoute(app, w.update, async (req) => ({
    status: 200,
    message: messages.widgets.updateSuccess,
    data: await updateWidget(deps, { actor: actorOf(req), body: req.body }),
  }));

  legacyRoute(app, w.list, async (req) => {
    const actor = actorOf(req);
    const client = await loadAccessibleClient(app.db, actor, req.query.clientId, 'widgets');
    if (!(await canManageWave(app.db, actor, client.id))) throw forbidden('widgets', messages.server.forbidden);
    const rows = await app.db.select().from(widgets).where(eq(widgets.clientId, client.id)).orderBy(desc(widgets.createdAt)).limit(500);
    return { results: rows.map((x) => toWidget(x, app.config.publicUrl)), totalCount: rows.length };
  });

  legacyRoute(app, w.getById, async (req) => toWidget(await loadManagedWidget(app.db, actorOf(req), req.query.widgetId), app.config.publicUrl));

  // The portal's live preview: the same data the embed gets, whatever the embedding domains.
  legacyRoute(app, w.preview, async (req) => {
    const found = await loadManagedWidget(app.db, actorOf(req), req.query.widgetId);
    const [c] = await app.db
      .select({ nameSlug: clients.nameSlug })
      .from(clients)
      .where(and(eq(clients.id, found.clientId)))
      .limit(1);
    const data = await widgetDataFor(deps, found, c.nameSlug);
    return { widget: toWidget(found, app.config.publicUrl), profiles: data.profiles, meetTheTeamUrl: data.meetTheTeamUrl ?? '' };
  });

  // The script embed's data call: public, answered only for the widget's allowed domains.
  legacyRoute(app, w.public, async (req, reply) => {
    const origin = req.headers.origin ?? req.headers.referer;
    const data = await widgetPublicData(deps, req.params.widgetId, origin, req.headers.host);
    reply.header('Vary', 'Origin').header('Cache-Control', 'no-store');
    // The allowed page may read the data; any other page may read only the empty reply (no console noise on it).
    reply.header('Access-Control-Allow-Origin', data.widget && req.headers.origin ? req.headers.origin : '*');
    return data;
  });

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
