import { crmPrivacyRoutes as routes } from '@hh/contract/crm-privacy';
import type { FastifyInstance } from 'fastify';
import { depsOf } from '../../core/deps.ts';
import { actorOf } from '../../plugins/auth.ts';
import { legacyRoute } from '../../plugins/route.ts';
import { eraseCandidate, exportCandidate, exportCandidateFiles, getCandidatePrivacy } from './candidate-privacy.ts';
import { getPrivacySettings, updatePrivacySettings } from './settings.ts';

/** Candidate privacy (issue 12 "Privacy"; decision 0012; rights: docs/permissions.md "Candidate privacy"). */
export default async function privacyRoutes(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  const deps = depsOf(app);

  legacyRoute(app, routes.getSettings, async (req) => getPrivacySettings(app.db, { actor: actorOf(req), clientId: req.query.clientId, publicUrl }));

  legacyRoute(app, routes.updateSettings, async (req) => updatePrivacySettings(app.db, { actor: actorOf(req), ...req.body, publicUrl }));

  legacyRoute(app, routes.getCandidate, async (req) => getCandidatePrivacy(deps, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id }));

  legacyRoute(app, routes.exportCandidate, async (req, reply) => {
    const data = await exportCandidate(deps, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id });
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="candidate-${data.candidate._id}.json"`)
      .send(data);
  });

  legacyRoute(app, routes.exportFiles, async (req, reply) => {
    const zip = await exportCandidateFiles(deps, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id });
    // A stream, not a schema'd reply (like GET /api/get-file).
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `attachment; filename="${zip.fileName}"`)
      .type('application/zip')
      .send(zip.stream);
  });

  legacyRoute(app, routes.erase, async (req) => eraseCandidate(deps, { actor: actorOf(req), ...req.body }));
}
