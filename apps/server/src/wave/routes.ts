import { messages } from '@hh/contract/messages';
import { waveRoutes as w } from '@hh/contract/wave';
import type { FastifyInstance } from 'fastify';
import { loadAccessibleClient } from '../auth/access.ts';
import { depsOf } from '../core/deps.ts';
import { forbidden, notFound } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { createEditProfile } from './create-edit-profile.ts';
import { createWaveProfile } from './create-wave-profile.ts';
import { dispatchEmbedCode } from './dispatch-embed-code.ts';
import { getByJobData } from './get-by-job-data.ts';
import { listWaveProfiles } from './list-wave-profiles.ts';
import { waveProfileKey } from './resolve-fields.ts';
import { canManageWave } from './reviewers.ts';
import { updateWaveProfile } from './update-wave-profile.ts';

/** Wave profile calls (core spec §7 Wave profiles) and the public meet-the-team page. */
export default async function waveRoutes(app: FastifyInstance) {
  const deps = depsOf(app);

  legacyRoute(app, w.create, async (req) => createWaveProfile(deps, { actor: actorOf(req), body: req.body }));

  legacyRoute(app, w.createEditProfile, async (req) => createEditProfile(deps, { actor: actorOf(req), body: req.body }));

  legacyRoute(app, w.editProfiles, async (req) => {
    const actor = actorOf(req);
    await loadAccessibleClient(app.db, actor, req.query.companyId, waveProfileKey);
    if (!(await canManageWave(app.db, actor, req.query.companyId))) throw forbidden(waveProfileKey, messages.wave.notReviewer);
    return listWaveProfiles(deps, { actor, filter: { clientId: req.query.companyId } });
  });

  legacyRoute(app, w.update, async (req) => updateWaveProfile(deps, { actor: actorOf(req), body: req.body }));

  // With createdBy: that user's profile (the portal uses the first entry). Without: all the caller may see.
  legacyRoute(app, w.list, async (req) => listWaveProfiles(deps, { actor: actorOf(req), filter: { createdBy: req.query.createdBy, status: req.query.status } }));

  legacyRoute(app, w.byInvitedBy, async (req) => listWaveProfiles(deps, { actor: actorOf(req), filter: { invitedBy: req.query.invitedBy } }));

  legacyRoute(app, w.byClient, async (req) => {
    const actor = actorOf(req);
    await loadAccessibleClient(app.db, actor, req.query.clientId, waveProfileKey);
    return listWaveProfiles(deps, { actor, filter: req.query });
  });

  legacyRoute(app, w.byDepartment, async (req) => listWaveProfiles(deps, { actor: actorOf(req), filter: { departmentId: req.query.departmentId } }));

  legacyRoute(app, w.byJobData, async (req) => getByJobData(deps, req.query));

  legacyRoute(app, w.getById, async (req) => {
    const found = await listWaveProfiles(deps, { actor: actorOf(req), filter: { id: req.query.profileId } });
    if (!found.results[0]) throw notFound(waveProfileKey, messages.wave.notFound);
    return found.results[0];
  });

  legacyRoute(app, w.dispatchEmbedCode, async (req) => dispatchEmbedCode(deps, { actor: actorOf(req), body: req.body }));

  // The public meet-the-team page (/meet-the-team/{nameSlug}) is drawn by the career sites
  // (sites/meet-the-team-page.ts), with the client's design and meet-the-team settings (issue 13).
}
