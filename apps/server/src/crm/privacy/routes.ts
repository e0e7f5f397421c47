import { errorReply } from '@hh/contract/common';
import * as p from '@hh/contract/crm-privacy';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.ts';
import { eraseCandidate, exportCandidate, exportCandidateFiles, getCandidatePrivacy } from './candidate-privacy.ts';
import { getPrivacySettings, updatePrivacySettings } from './settings.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };

/** Candidate privacy (issue 12 "Privacy"; decision 0012; rights: docs/permissions.md "Candidate privacy"). */
export default async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm-privacy'];
  const publicUrl = app.config.publicUrl;

  app.get(
    '/api/crm/privacy/settings',
    { schema: { tags, querystring: p.candidatePrivacyQuery, response: { 200: p.privacySettings, ...errors } } },
    async (req) => getPrivacySettings(app.db, { actor: actorOf(req), clientId: req.query.clientId, publicUrl }),
  );

  app.put(
    '/api/crm/privacy/settings',
    { schema: { tags, body: p.updatePrivacySettingsRequest, response: { 200: p.privacySettingsReply, ...errors } } },
    async (req) => updatePrivacySettings(app.db, { actor: actorOf(req), ...req.body, publicUrl }),
  );

  app.get(
    '/api/crm/privacy/candidate/:id',
    { schema: { tags, params: p.candidatePrivacyParams, querystring: p.candidatePrivacyQuery, response: { 200: p.candidatePrivacyReply, ...errors } } },
    async (req) => getCandidatePrivacy(app, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id }),
  );

  app.get(
    '/api/crm/privacy/candidate/:id/export',
    { schema: { tags, params: p.candidatePrivacyParams, querystring: p.candidatePrivacyQuery, response: { 200: p.candidateExport, ...errors } } },
    async (req, reply) => {
      const data = await exportCandidate(app, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id });
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="candidate-${data.candidate._id}.json"`)
        .send(data);
    },
  );

  app.get(
    '/api/crm/privacy/candidate/:id/files',
    { schema: { tags, params: p.candidatePrivacyParams, querystring: p.candidatePrivacyQuery, response: errors } },
    async (req, reply) => {
      const zip = await exportCandidateFiles(app, { actor: actorOf(req), clientId: req.query.clientId, candidateId: req.params.id });
      // A stream, not a schema'd reply (like GET /api/get-file).
      return (reply as FastifyReply)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="${zip.fileName}"`)
        .type('application/zip')
        .send(zip.stream);
    },
  );

  app.post(
    '/api/crm/privacy/candidate/erase',
    { schema: { tags, body: p.eraseCandidateRequest, response: { 200: p.eraseCandidateReply, ...errors } } },
    async (req) => eraseCandidate(app, { actor: actorOf(req), ...req.body }),
  );
}
