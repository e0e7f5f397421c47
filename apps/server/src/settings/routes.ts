import { settingsRoutes as r } from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createUserSettings } from './create-user-settings.ts';
import { getUserSettings } from './get-user-settings.ts';
import { serializeSettings } from './serialize-settings.ts';
import { updateUserSettings } from './update-user-settings.ts';

/** The caller's own settings per client (core spec §3 "User settings": crm.requisitions.columns). */
export default async function settingsRoutes(app: FastifyInstance) {
  const db = app.db;

  legacyRoute(app, r.get, async (req) => {
    const row = await getUserSettings({ db, actor: actorOf(req), clientId: req.query.clientId });
    return row ? serializeSettings(row) : null;
  });

  legacyRoute(app, r.create, async (req) => serializeSettings(await createUserSettings({ db, actor: actorOf(req), clientId: req.body.clientId, crm: req.body.crm })));

  legacyRoute(app, r.update, async (req) => serializeSettings(await updateUserSettings({ db, actor: actorOf(req), clientId: req.body.clientId, crm: req.body.crm })));
}
