import { errorReply } from '@hh/contract/common';
import {
  byClientQuery,
  byDepartmentQuery,
  byIdQuery,
  byJobDataQuery,
  companyIdQuery,
  createEditProfileRequest,
  createWaveProfileRequest,
  dispatchEmbedCodeRequest,
  invitedByQuery,
  listByCreatorQuery,
  messageReply,
  updateWaveProfileRequest,
  waveProfile,
  waveProfileList,
  waveTexts,
} from '@hh/contract/wave';
import { paged } from '@hh/contract/common';
import { publicProfile } from '@hh/contract/widgets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAccessibleClient } from '../auth/access.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { createEditProfile } from './create-edit-profile.ts';
import { createWaveProfile } from './create-wave-profile.ts';
import { dispatchEmbedCode } from './dispatch-embed-code.ts';
import { getByJobData } from './get-by-job-data.ts';
import { listWaveProfiles } from './list-wave-profiles.ts';
import { waveProfileKey } from './resolve-fields.ts';
import { canManageWave } from './reviewers.ts';
import { updateWaveProfile } from './update-wave-profile.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const list = { response: { 200: waveProfileList, ...errors } };

/** Wave profile calls (core spec §7 Wave profiles) and the public meet-the-team page. */
export default async function waveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wave'];

  r.post('/api/profiles/wave/create', { schema: { tags, body: createWaveProfileRequest, response: { 201: waveProfile, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await createWaveProfile(app, { actor: actorOf(req), body: req.body })),
  );

  r.post(
    '/api/create-edit-profiles/create',
    { schema: { tags, body: createEditProfileRequest, response: { 201: waveProfile, ...errors } } },
    async (req, reply) => reply.status(201).send(await createEditProfile(app, { actor: actorOf(req), body: req.body })),
  );

  r.get('/api/create-edit-profiles', { schema: { tags, querystring: companyIdQuery, ...list } }, async (req) => {
    const actor = actorOf(req);
    await loadAccessibleClient(app.db, actor, req.query.companyId, waveProfileKey);
    if (!(await canManageWave(app.db, actor, req.query.companyId))) throw forbidden(waveProfileKey, waveTexts.notReviewer);
    return listWaveProfiles(app, { actor, filter: { clientId: req.query.companyId } });
  });

  r.patch('/api/profiles/wave/update', { schema: { tags, body: updateWaveProfileRequest, response: { 200: waveProfile, ...errors } } }, async (req) =>
    updateWaveProfile(app, { actor: actorOf(req), body: req.body }),
  );

  // With createdBy: that user's profile (the portal uses the first entry). Without: all the caller may see.
  r.get('/api/profiles/wave', { schema: { tags, querystring: listByCreatorQuery, ...list } }, async (req) =>
    listWaveProfiles(app, { actor: actorOf(req), filter: { createdBy: req.query.createdBy, status: req.query.status } }),
  );

  r.get('/api/profiles/wave/get-by-invited-by-id', { schema: { tags, querystring: invitedByQuery, ...list } }, async (req) =>
    listWaveProfiles(app, { actor: actorOf(req), filter: { invitedBy: req.query.invitedBy } }),
  );

  r.get('/api/profiles/wave/get-by-client-id', { schema: { tags, querystring: byClientQuery, ...list } }, async (req) => {
    const actor = actorOf(req);
    await loadAccessibleClient(app.db, actor, req.query.clientId, waveProfileKey);
    return listWaveProfiles(app, { actor, filter: req.query });
  });

  r.get('/api/profiles/wave/get-by-department-id', { schema: { tags, querystring: byDepartmentQuery, ...list } }, async (req) =>
    listWaveProfiles(app, { actor: actorOf(req), filter: { departmentId: req.query.departmentId } }),
  );

  r.get(
    '/api/profiles/wave/get-by-job-data',
    { config: { auth: 'public' }, schema: { tags, querystring: byJobDataQuery, response: { 200: paged(publicProfile), ...errors } } },
    async (req) => getByJobData(app, req.query),
  );

  r.get('/api/profiles/wave/get-by-id', { schema: { tags, querystring: byIdQuery, response: { 200: waveProfile, ...errors } } }, async (req) => {
    const found = await listWaveProfiles(app, { actor: actorOf(req), filter: { id: req.query.profileId } });
    if (!found.results[0]) throw notFound(waveProfileKey, waveTexts.notFound);
    return found.results[0];
  });

  r.post(
    '/api/profiles/wave/dispatch-embed-code',
    { schema: { tags, body: dispatchEmbedCodeRequest, response: { 200: messageReply, ...errors } } },
    async (req) => dispatchEmbedCode(app, { actor: actorOf(req), body: req.body }),
  );

  // The public meet-the-team page (/meet-the-team/{nameSlug}) is drawn by the career sites
  // (sites/meet-the-team-page.ts), with the client's design and meet-the-team settings (issue 13).
}
