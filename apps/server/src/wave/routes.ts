import { waveRoutes as w } from '@hh/contract/wave';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { createEditProfile } from './create-edit-profile.ts';
import { createWaveProfile } from './create-wave-profile.ts';
import { dispatchEmbedCode } from './dispatch-embed-code.ts';
import { getByJobData } from './get-by-job-data.ts';
import { getWaveProfile, listEditProfiles, listProfiles, listProfilesByClient, listProfilesByDepartment, listProfilesByInviter } from './list-wave-profiles.ts';
import { updateWaveProfile } from './update-wave-profile.ts';

/**
 * Wave profile calls (core spec §7 Wave profiles). The public meet-the-team page
 * (/meet-the-team/{nameSlug}) is drawn by the career sites (sites/meet-the-team-page.ts), with the
 * client's design and meet-the-team settings.
 */
export default async function waveRoutes(app: FastifyInstance) {
  route(app, w.create, createWaveProfile);
  route(app, w.createEditProfile, createEditProfile);
  route(app, w.editProfiles, listEditProfiles);
  route(app, w.update, updateWaveProfile);
  route(app, w.list, listProfiles);
  route(app, w.byInvitedBy, listProfilesByInviter);
  route(app, w.byClient, listProfilesByClient);
  route(app, w.byDepartment, listProfilesByDepartment);
  route(app, w.byJobData, getByJobData);
  route(app, w.getById, getWaveProfile);
  route(app, w.dispatchEmbedCode, dispatchEmbedCode);
}
