import { crmPrivacyRoutes as routes } from '@hh/contract/crm-privacy';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { eraseCandidate, exportCandidate, exportCandidateFiles, getCandidatePrivacy } from './candidate-privacy.ts';
import { getPrivacySettings, updatePrivacySettings } from './settings.ts';

/** Candidate privacy (decision 0012 "Privacy"; rights: docs/permissions.md "Candidate privacy"). */
export default async function privacyRoutes(app: FastifyInstance) {
  route(app, routes.getSettings, getPrivacySettings);
  route(app, routes.updateSettings, updatePrivacySettings);
  route(app, routes.getCandidate, getCandidatePrivacy);
  route(app, routes.exportCandidate, exportCandidate);
  route(app, routes.exportFiles, exportCandidateFiles);
  route(app, routes.erase, eraseCandidate);
}
