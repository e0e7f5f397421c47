import { clientIdQuery } from '@hh/contract/clients';
import { errorReply } from '@hh/contract/common';
import * as u from '@hh/contract/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../plugins/auth.ts';
import { createUserSettings } from './create-user-settings.ts';
import { getUserSettings } from './get-user-settings.ts';
import { serializeSettings } from './serialize-settings.ts';
import { updateUserSettings } from './update-user-settings.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** The caller's own settings per client (core spec §3 "User settings": crm.requisitions.columns). */
export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['user-settings'];
  const db = app.db;

  app.get('/api/user-settings', { schema: { tags, querystring: clientIdQuery, response: { 200: u.userSettingsReply, ...errors } } }, async (req) => {
    const row = await getUserSettings({ db, actor: actorOf(req), clientId: req.query.clientId });
    return row ? serializeSettings(row) : null;
  });

  app.post(
    '/api/user-settings/create',
    { schema: { tags, body: u.createUserSettingsRequest, response: { 201: u.userSettings, ...errors } } },
    async (req, reply) => {
      const row = await createUserSettings({ db, actor: actorOf(req), clientId: req.body.clientId, crm: req.body.crm });
      return reply.status(201).send(serializeSettings(row));
    },
  );

  app.patch('/api/user-settings/update', { schema: { tags, body: u.updateUserSettingsRequest, response: { 200: u.userSettings, ...errors } } }, async (req) =>
    serializeSettings(await updateUserSettings({ db, actor: actorOf(req), clientId: req.body.clientId, crm: req.body.crm })),
  );
}
