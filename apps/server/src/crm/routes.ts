import { errorReply } from '@hh/contract/common';
import * as c from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { loadCandidateClient, requireCandidateEditor, selectedClientId } from './access.ts';
import { createAlert, listAlerts, updateAlert } from './alerts/index.ts';
import {
  createCampaignDraft,
  getCampaign,
  listCampaigns,
  previewCampaign,
  sendTestCampaign,
  startCampaignSend,
  unsubscribeAndConfirm,
  unsubscribeLanding,
  updateCampaign,
} from './campaigns/index.ts';
import { createCandidate } from './create-candidate.ts';
import { addNote, candidateTimeline } from './timeline.ts';
import { filterFacets } from './filter-facets.ts';
import { setFollowUp } from './follow-ups/index.ts';
import { forwardProfile } from './forward-profile.ts';
import { getCandidate } from './get-candidate.ts';
import { logPrivacy } from './privacy/audit.ts';
import { sendCandidateFile } from './get-file.ts';
import { listApplications, updateApplication } from './inbox.ts';
import { createCandidateList, listCandidateLists, updateCandidateList } from './lists/index.ts';
import { applicantCount, candidateRequisitions, respondentMetrics } from './metrics.ts';
import { getStatuses } from './pipeline.ts';
import { referCandidate } from './refer-candidate.ts';
import { resolveAlertScope } from './resolve-scope.ts';
import { createResponseSource, listResponseSources } from './response-sources.ts';
import { searchCandidates } from './search/search-candidates.ts';
import { hydrateCandidates } from './serialize.ts';
import { createTag, listTags } from './tags.ts';
import { updateCandidates } from './update-candidates.ts';
import { updatePipeline } from './update-pipeline.ts';

const errors = { 400: errorReply, 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply };
const m = messages.recruiting;

/** Candidates and CRM (recruiting spec 001 §7, §8; issue 12). Rights: docs/permissions.md "Candidates". */
export default async function crmRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['crm'];
  const db = app.db;

  const list = async (actor: ReturnType<typeof actorOf>, query: Partial<c.CrmCandidatesQuery> & { clientId: string }) => {
    await loadCandidateClient(db, actor, query.clientId);
    const r = await searchCandidates(db, { clientId: query.clientId, userId: actor.id, query });
    return {
      results: await hydrateCandidates(db, query.clientId, actor.id, r.rows, r.extra),
      totalCount: r.totalCount,
      ...(r.corrections.length ? { corrections: r.corrections } : {}),
      ...(r.totalCountEstimated ? { totalCountEstimated: true } : {}),
    };
  };

  app.get('/api/get-candidates', { schema: { tags, querystring: c.getCandidatesQuery, response: { 200: c.candidateList, ...errors } } }, async (req) =>
    list(actorOf(req), req.query),
  );

  app.get('/api/crm/candidates', { schema: { tags, querystring: c.crmCandidatesQuery, response: { 200: c.candidateList, ...errors } } }, async (req) =>
    list(actorOf(req), req.query),
  );

  app.get(
    '/api/crm/candidate/:id',
    { schema: { tags, params: c.idParams, querystring: c.clientIdQuery, response: { 200: c.candidate, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      const c = await getCandidate(db, { actor, clientId: req.query.clientId, candidateId: req.params.id });
      await logPrivacy(db, { clientId: req.query.clientId, candidateId: c._id, actor, action: 'viewed' }); // the privacy audit
      return c;
    },
  );

  // PATCH api/crm/candidates: one candidate (`_id`) or a bulk change (`_ids`: tags, status); the portal then reloads the facets.
  app.patch('/api/crm/candidates', { schema: { tags, body: c.patchCrmCandidatesRequest, response: { 200: c.bulkUpdateReply, ...errors } } }, async (req) => {
    const { clientId, _id, _ids, ...patch } = req.body;
    const ids = [...(_id ? [_id] : []), ...(_ids ?? [])];
    if (!ids.length) throw new AppError(400, '_id', 'Give the candidate (_id) or candidates (_ids) to update');
    const results = await updateCandidates(db, { actor: actorOf(req), clientId, ids, patch });
    return { message: m.candidateUpdated, updated: results.length, results };
  });

  app.patch('/api/candidates/update', { schema: { tags, body: c.updateCandidateRequest, response: { 200: c.candidateReply, ...errors } } }, async (req) => {
    const { clientId, _id, ...patch } = req.body;
    const [one] = await updateCandidates(db, { actor: actorOf(req), clientId, ids: [_id], patch });
    return { ...one, message: m.candidateUpdated };
  });

  // 001 §7: "only 201 is treated as success".
  app.patch(
    '/api/candidates/update/:id',
    { schema: { tags, params: c.idParams, body: c.updateCandidateByIdRequest, response: { 201: c.candidateReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...patch } = req.body;
      const [one] = await updateCandidates(db, { actor: actorOf(req), clientId, ids: [req.params.id], patch });
      return reply.status(201).send({ ...one, message: m.candidateUpdated });
    },
  );

  app.post(
    '/api/crm/candidates/create',
    { schema: { tags, body: c.createCandidateRequest, response: { 201: c.candidateReply, ...errors } } },
    async (req, reply) => {
      const { clientId, ...input } = req.body;
      return reply.status(201).send(await createCandidate(db, { actor: actorOf(req), clientId, input, publicUrl: app.config.publicUrl }));
    },
  );

  app.get('/api/crm/filter-facets', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.filterFacets, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return filterFacets(db, req.query.clientId);
  });

  app.get(
    '/api/respondent-metrics',
    { schema: { tags, querystring: c.respondentMetricsQuery, response: { 200: c.respondentMetrics, ...errors } } },
    async (req) => {
      await loadCandidateClient(db, actorOf(req), req.query.clientId, 'respondentMetrics');
      if (req.query.from && req.query.to && req.query.from > req.query.to) throw new AppError(400, 'respondentMetrics', m.respondentMetricsError);
      return respondentMetrics(db, req.query.clientId, req.query.from, req.query.to);
    },
  );

  app.get(
    '/api/candidates/applicant-count',
    { schema: { tags, querystring: c.optionalClientIdQuery, response: { 200: c.applicantCount, ...errors } } },
    async (req) => applicantCount(db, actorOf(req), req.query.clientId),
  );

  app.get(
    '/api/crm/candidates/requisitions',
    { schema: { tags, querystring: c.selectedClientQuery, response: { 200: c.candidateRequisitions, ...errors } } },
    async (req) => {
      const clientId = selectedClientId(req, req.query.clientId);
      await loadCandidateClient(db, actorOf(req), clientId);
      const results = await candidateRequisitions(db, clientId);
      return { results, totalCount: results.length };
    },
  );

  // Tags and response sources: `{id}` is the client's id.
  app.get('/api/crm/candidates-tags/:id', { schema: { tags, params: c.idParams, response: { 200: c.tagList, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.params.id, 'tags');
    const results = await listTags(db, req.params.id);
    return { results, totalCount: results.length };
  });

  app.post('/api/crm/candidates-tags/create', { schema: { tags, body: c.createTagRequest, response: { 201: c.tagReply, ...errors } } }, async (req, reply) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'tags');
    const t = await createTag(db, req.body.clientId, req.body.name, req.body.color);
    return reply.status(201).send({ ...t, message: c.crmMessages.tagCreated });
  });

  app.get('/api/crm/response-sources/:id', { schema: { tags, params: c.idParams, response: { 200: c.responseSourceList, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.params.id, 'source');
    const results = await listResponseSources(db, req.params.id);
    return { results, totalCount: results.length };
  });

  app.post(
    '/api/crm/response-sources/create',
    { schema: { tags, body: c.createResponseSourceRequest, response: { 201: c.responseSourceReply, ...errors } } },
    async (req, reply) => {
      await loadCandidateClient(db, actorOf(req), req.body.clientId, 'source');
      const s = await createResponseSource(db, req.body.clientId, req.body.name);
      return reply.status(201).send({ ...s, message: m.sourceAdded });
    },
  );

  // Alerts: `{id}` is a candidate (its alerts) or the client (all of them).
  app.get(
    '/api/candidates/alerts/:id',
    { schema: { tags, params: c.idParams, querystring: c.selectedClientQuery, response: { 200: c.alertList, ...errors } } },
    async (req) => {
      const clientId = await resolveAlertScope(db, actorOf(req), req, req.params.id, req.query.clientId);
      const results = await listAlerts(db, clientId, req.params.id);
      return { results, totalCount: results.length };
    },
  );

  app.post(
    '/api/candidates/alerts/create',
    { schema: { tags, body: c.createAlertRequest, response: { 201: c.alertReply, ...errors } } },
    async (req, reply) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId, 'alerts');
      return reply.status(201).send({ ...(await createAlert(db, actor, req.body)), message: m.alertCreated });
    },
  );

  app.patch('/api/candidates/alerts/update', { schema: { tags, body: c.updateAlertRequest, response: { 200: c.alertReply, ...errors } } }, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'alerts');
    return { ...(await updateAlert(db, actor, req.body)), message: m.alertUpdated };
  });

  app.post('/api/crm/forward-profile', { schema: { tags, body: c.forwardProfileRequest, response: { 200: c.messageReply, ...errors } } }, async (req) =>
    forwardProfile(app, { actor: actorOf(req), ...req.body }),
  );

  app.post('/api/candidates/refer', { schema: { tags, body: c.referRequest, response: { 200: c.messageReply, ...errors } } }, async (req) =>
    referCandidate(app, { actor: actorOf(req), ...req.body }),
  );

  app.post('/api/candidates/follow-up', { schema: { tags, body: c.followUpRequest, response: { 201: c.followUpReply, ...errors } } }, async (req, reply) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId);
    return reply.status(201).send(await setFollowUp(app, { actor, ...req.body }));
  });

  // Files: signed-in, rights-checked, never cached.
  for (const [path, disposition] of [
    ['/api/get-resume', 'inline'],
    ['/api/get-file', 'attachment'],
  ] as const) {
    app.get(path, { schema: { tags, querystring: c.fileQuery, response: errors } }, async (req, reply) =>
      sendCandidateFile(app, reply, actorOf(req), req.query.blobPath, disposition),
    );
  }

  // Saved lists and campaign drafts.
  app.get(
    '/api/candidates-lists',
    { schema: { tags, querystring: c.candidatesListsQuery, response: { 200: c.candidateListsReply, ...errors } } },
    async (req) => {
      await loadCandidateClient(db, actorOf(req), req.query.clientId, 'lists');
      const results = await listCandidateLists(db, req.query.clientId, req.query.recruiterEmail);
      return { results, totalCount: results.length };
    },
  );

  app.post(
    '/api/candidates-lists/create',
    { schema: { tags, body: c.createCandidateListRequest, response: { 201: c.candidateListReply, ...errors } } },
    async (req, reply) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId, 'lists');
      return reply.status(201).send({ ...(await createCandidateList(db, actor, req.body)), message: c.crmMessages.listCreated });
    },
  );

  app.patch(
    '/api/candidates-lists/update',
    { schema: { tags, body: c.updateCandidateListRequest, response: { 200: c.candidateListReply, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId, 'lists');
      return { ...(await updateCandidateList(db, actor, req.body)), message: c.crmMessages.listUpdated };
    },
  );

  app.post(
    '/api/candidates-list/campaigndraft',
    { schema: { tags, body: c.campaignDraftRequest, response: { 201: c.campaignDraftReply, ...errors } } },
    async (req, reply) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId, 'campaignDraft');
      try {
        return reply.status(201).send(await createCampaignDraft(app, actor, req.body));
      } catch (err) {
        if (err instanceof AppError && err.status === 404) throw new AppError(404, 'campaignDraft', m.campaignDraftError);
        throw err;
      }
    },
  );

  // Campaigns (decision 0012 "Campaigns"): the editor at /harvest/cultivate/campaigns, sends through the queue.
  app.get('/api/campaigns', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.campaignListReply, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId, 'campaigns');
    const results = await listCampaigns(db, req.query.clientId);
    return { results, totalCount: results.length };
  });

  app.get(
    '/api/campaigns/:id',
    { schema: { tags, params: c.idParams, querystring: c.clientIdQuery, response: { 200: c.campaignEntity, ...errors } } },
    async (req) => {
      await loadCandidateClient(db, actorOf(req), req.query.clientId, 'campaigns');
      return getCampaign(db, req.query.clientId, req.params.id);
    },
  );

  app.patch('/api/campaigns/update', { schema: { tags, body: c.updateCampaignRequest, response: { 200: c.campaignReply, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'campaigns');
    return { ...(await updateCampaign(db, req.body)), message: c.crmMessages.campaignSaved };
  });

  app.post(
    '/api/campaigns/preview',
    { schema: { tags, body: c.campaignPreviewRequest, response: { 200: c.campaignPreviewReply, ...errors } } },
    async (req) => {
      await loadCandidateClient(db, actorOf(req), req.body.clientId, 'campaigns');
      return previewCampaign(app, req.body);
    },
  );

  app.post('/api/campaigns/send-test', { schema: { tags, body: c.campaignActionRequest, response: { 200: c.campaignTestReply, ...errors } } }, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'campaigns');
    return sendTestCampaign(app, actor, req.body);
  });

  app.post('/api/campaigns/send', { schema: { tags, body: c.campaignActionRequest, response: { 202: c.campaignReply, ...errors } } }, async (req, reply) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'campaigns');
    return reply.status(202).send(await startCampaignSend(app, actor, req.body));
  });

  // The unsubscribe link of every campaign mail: public, by signed token. GET shows a confirm button
  // (mail scanners that open links unsubscribe nobody); POST unsubscribes, from that button or from a
  // mail client's one-click List-Unsubscribe-Post (RFC 8058, a form body "List-Unsubscribe=One-Click").
  await app.register(async (scope) => {
    // The one-click POST's form body carries nothing we need: accepted and ignored (small limit).
    const ignoreBody = (_req: unknown, _body: string | Buffer, done: (err: null, body: object) => void) => done(null, {});
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])
      if (!scope.hasContentTypeParser(type)) scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, ignoreBody);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const opts = { config: { auth: 'public' as const }, schema: { tags, summary: 'Campaign unsubscribe page (HTML)', querystring: c.unsubscribeQuery } };
    const html = (reply: FastifyReply, r: { status: number; html: string }) =>
      reply.status(r.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(r.html);
    s.get('/api/campaigns/unsubscribe', opts, async (req, reply) => html(reply, await unsubscribeLanding(app, req.query.token)));
    s.post('/api/campaigns/unsubscribe', opts, async (req, reply) => html(reply, await unsubscribeAndConfirm(app, req.query.token)));
  });

  // Timeline, notes, pipeline and the applications inbox (screens of issue 12).
  app.get(
    '/api/crm/candidate/:id/timeline',
    { schema: { tags, params: c.idParams, querystring: c.clientIdQuery, response: { 200: c.timelineReply, ...errors } } },
    async (req) => candidateTimeline(db, actorOf(req), req.query.clientId, req.params.id),
  );

  app.post('/api/crm/candidates/notes', { schema: { tags, body: c.addNoteRequest, response: { 201: c.messageReply, ...errors } } }, async (req, reply) =>
    reply.status(201).send(await addNote(db, actorOf(req), req.body)),
  );

  app.get('/api/crm/pipeline', { schema: { tags, querystring: c.clientIdQuery, response: { 200: c.pipelineReply, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return { clientId: req.query.clientId, statuses: await getStatuses(db, req.query.clientId) };
  });

  app.put(
    '/api/crm/pipeline',
    { schema: { tags, body: c.updatePipelineRequest, response: { 200: c.pipelineReply.extend({ message: z.string() }), ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId);
      requireCandidateEditor(actor);
      return updatePipeline(db, req.body.clientId, req.body.statuses);
    },
  );

  app.get('/api/crm/applications', { schema: { tags, querystring: c.applicationsQuery, response: { 200: c.inboxReply, ...errors } } }, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return listApplications(db, req.query);
  });

  app.patch(
    '/api/crm/applications/update',
    { schema: { tags, body: c.updateApplicationRequest, response: { 200: c.messageReply, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      await loadCandidateClient(db, actor, req.body.clientId);
      return updateApplication(db, actor, req.body);
    },
  );
}
