import { settingsRoutes as r } from '@hh/contract/settings';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createUserSettings } from './create-user-settings.ts';
import { getUserSettings } from './get-user-settings.ts';
import { updateUserSettings } from './update-user-settings.ts';

/** The caller's own settings per client (core spec §3 "User settings": crm.requisitions.columns). */
export default async function settingsRoutes(app: FastifyInstance) {
  route(app, r.get, getUserSettings);
  route(app, r.create, createUserSettings);
  route(app, r.update, updateUserSettings);
}
