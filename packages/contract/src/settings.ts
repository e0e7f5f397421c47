import { clientIdQuery } from './clients.ts';
import { defineRoute } from './route.ts';
import { createUserSettingsRequest, errors, updateUserSettingsRequest, userSettings, userSettingsReply } from './users.ts';

/** The caller's own settings per client (core spec §3 "User settings": crm.requisitions.columns). */
export const settingsRoutes = {
  get: defineRoute({ method: 'GET', path: '/api/user-settings', query: clientIdQuery, status: 200, reply: userSettingsReply, errors, tags: ['user-settings'] }),
  create: defineRoute({
    method: 'POST',
    path: '/api/user-settings/create',
    body: createUserSettingsRequest,
    status: 201,
    reply: userSettings,
    errors,
    tags: ['user-settings'],
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/user-settings/update',
    body: updateUserSettingsRequest,
    status: 200,
    reply: userSettings,
    errors,
    tags: ['user-settings'],
  }),
};
