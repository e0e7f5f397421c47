import type * as c from '@hh/contract/crm';
import { crmRoutes as routes } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { depsOf } from '../core/deps.ts';
import { AppError } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
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
import { type CandidateFile, getCandidateFile } from './get-file.ts';
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

const m = messages.recruiting;

/** A candidate's file (GET /api/get-resume, /api/get-file): personal data, never cached. */
const sendFile = (reply: FastifyReply, file: CandidateFile, disposition: 'inline' | 'attachment') =>
  reply
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `${disposition}; filename="${file.name}"`)
    .header('Content-Length', String(file.size))
    .type(file.contentType)
    .send(file.stream);

/** Candidates and CRM (recruiting spec 001 §7, §8; issue 12). Rights: docs/permissions.md "Candidates". */
export default async function crmRoutes(app: FastifyInstance) {
  const db = app.db;
  const deps = depsOf(app);

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

  legacyRoute(app, routes.getCandidates, async (req) => list(actorOf(req), req.query));

  legacyRoute(app, routes.searchCandidates, async (req) => list(actorOf(req), req.query));

  legacyRoute(app, routes.getCandidate, async (req) => {
    const actor = actorOf(req);
    const c = await getCandidate(db, { actor, clientId: req.query.clientId, candidateId: req.params.id });
    await logPrivacy(db, { clientId: req.query.clientId, candidateId: c._id, actor, action: 'viewed' }); // the privacy audit
    return c;
  });

  // PATCH api/crm/candidates: one candidate (`_id`) or a bulk change (`_ids`: tags, status); the portal then reloads the facets.
  legacyRoute(app, routes.updateCandidates, async (req) => {
    const { clientId, _id, _ids, ...patch } = req.body;
    const ids = [...(_id ? [_id] : []), ...(_ids ?? [])];
    if (!ids.length) throw new AppError(400, '_id', 'Give the candidate (_id) or candidates (_ids) to update');
    const results = await updateCandidates(db, { actor: actorOf(req), clientId, ids, patch });
    return { message: m.candidateUpdated, updated: results.length, results };
  });

  legacyRoute(app, routes.updateCandidate, async (req) => {
    const { clientId, _id, ...patch } = req.body;
    const [one] = await updateCandidates(db, { actor: actorOf(req), clientId, ids: [_id], patch });
    return { ...one, message: m.candidateUpdated };
  });

  // 001 §7: "only 201 is treated as success".
  legacyRoute(app, routes.updateCandidateById, async (req) => {
    const { clientId, ...patch } = req.body;
    const [one] = await updateCandidates(db, { actor: actorOf(req), clientId, ids: [req.params.id], patch });
    return { ...one, message: m.candidateUpdated };
  });

  legacyRoute(app, routes.createCandidate, async (req) => {
    const { clientId, ...input } = req.body;
    return createCandidate(db, { actor: actorOf(req), clientId, input, publicUrl: app.config.publicUrl });
  });

  legacyRoute(app, routes.getFilterFacets, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return filterFacets(db, req.query.clientId);
  });

  legacyRoute(app, routes.getRespondentMetrics, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId, 'respondentMetrics');
    if (req.query.from && req.query.to && req.query.from > req.query.to) throw new AppError(400, 'respondentMetrics', m.respondentMetricsError);
    return respondentMetrics(db, req.query.clientId, req.query.from, req.query.to);
  });

  legacyRoute(app, routes.getApplicantCount, async (req) => applicantCount(db, actorOf(req), req.query.clientId));

  legacyRoute(app, routes.listCandidateRequisitions, async (req) => {
    const clientId = selectedClientId(req, req.query.clientId);
    await loadCandidateClient(db, actorOf(req), clientId);
    const results = await candidateRequisitions(db, clientId);
    return { results, totalCount: results.length };
  });

  // Tags and response sources: `{id}` is the client's id.
  legacyRoute(app, routes.listTags, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.params.id, 'tags');
    const results = await listTags(db, req.params.id);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, routes.createTag, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'tags');
    const t = await createTag(db, req.body.clientId, req.body.name, req.body.color);
    return { ...t, message: messages.crm.tagCreated };
  });

  legacyRoute(app, routes.listResponseSources, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.params.id, 'source');
    const results = await listResponseSources(db, req.params.id);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, routes.createResponseSource, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'source');
    const s = await createResponseSource(db, req.body.clientId, req.body.name);
    return { ...s, message: m.sourceAdded };
  });

  // Alerts: `{id}` is a candidate (its alerts) or the client (all of them).
  legacyRoute(app, routes.listAlerts, async (req) => {
    const clientId = await resolveAlertScope(db, actorOf(req), req, req.params.id, req.query.clientId);
    const results = await listAlerts(db, clientId, req.params.id);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, routes.createAlert, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'alerts');
    return { ...(await createAlert(db, actor, req.body)), message: m.alertCreated };
  });

  legacyRoute(app, routes.updateAlert, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'alerts');
    return { ...(await updateAlert(db, actor, req.body)), message: m.alertUpdated };
  });

  legacyRoute(app, routes.forwardProfile, async (req) => forwardProfile(deps, { actor: actorOf(req), ...req.body }));

  legacyRoute(app, routes.referCandidate, async (req) => referCandidate(deps, { actor: actorOf(req), ...req.body }));

  legacyRoute(app, routes.setFollowUp, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId);
    return setFollowUp(deps, { actor, ...req.body });
  });

  // Files: signed-in, rights-checked, never cached.
  legacyRoute(app, routes.getResume, async (req, reply) => sendFile(reply, await getCandidateFile(deps, actorOf(req), req.query.blobPath), 'inline'));
  legacyRoute(app, routes.getFile, async (req, reply) => sendFile(reply, await getCandidateFile(deps, actorOf(req), req.query.blobPath), 'attachment'));

  // Saved lists and campaign drafts.
  legacyRoute(app, routes.listCandidateLists, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId, 'lists');
    const results = await listCandidateLists(db, req.query.clientId, req.query.recruiterEmail);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, routes.createCandidateList, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'lists');
    return { ...(await createCandidateList(db, actor, req.body)), message: messages.crm.listCreated };
  });

  legacyRoute(app, routes.updateCandidateList, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'lists');
    return { ...(await updateCandidateList(db, actor, req.body)), message: messages.crm.listUpdated };
  });

  legacyRoute(app, routes.createCampaignDraft, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'campaignDraft');
    try {
      return await createCampaignDraft(deps, actor, req.body);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) throw new AppError(404, 'campaignDraft', m.campaignDraftError);
      throw err;
    }
  });

  // Campaigns (decision 0012 "Campaigns"): the editor at /harvest/cultivate/campaigns, sends through the queue.
  legacyRoute(app, routes.listCampaigns, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId, 'campaigns');
    const results = await listCampaigns(db, req.query.clientId);
    return { results, totalCount: results.length };
  });

  legacyRoute(app, routes.getCampaign, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId, 'campaigns');
    return getCampaign(db, req.query.clientId, req.params.id);
  });

  legacyRoute(app, routes.updateCampaign, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'campaigns');
    return { ...(await updateCampaign(db, req.body)), message: messages.crm.campaignSaved };
  });

  legacyRoute(app, routes.previewCampaign, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.body.clientId, 'campaigns');
    return previewCampaign(deps, req.body);
  });

  legacyRoute(app, routes.sendTestCampaign, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'campaigns');
    return sendTestCampaign(deps, actor, req.body);
  });

  legacyRoute(app, routes.sendCampaign, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId, 'campaigns');
    return startCampaignSend(deps, actor, req.body);
  });

  // The unsubscribe link of every campaign mail: public, by signed token. GET shows a confirm button
  // (mail scanners that open links unsubscribe nobody); POST unsubscribes, from that button or from a
  // mail client's one-click List-Unsubscribe-Post (RFC 8058, a form body "List-Unsubscribe=One-Click").
  await app.register(async (scope) => {
    // The one-click POST's form body carries nothing we need: accepted and ignored (small limit).
    const ignoreBody = (_req: unknown, _body: string | Buffer, done: (err: null, body: object) => void) => done(null, {});
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])
      if (!scope.hasContentTypeParser(type)) scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, ignoreBody);
    const html = (reply: FastifyReply, r: { status: number; html: string }) =>
      reply.status(r.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(r.html);
    // Public and by token: per address, far more than one person's clicks, far fewer than token guessing needs.
    const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
    legacyRoute(scope, routes.unsubscribeLanding, async (req, reply) => html(reply, await unsubscribeLanding(deps, req.query.token)), limited);
    legacyRoute(scope, routes.unsubscribe, async (req, reply) => html(reply, await unsubscribeAndConfirm(deps, req.query.token)), limited);
  });

  // Timeline, notes, pipeline and the applications inbox (screens of issue 12).
  legacyRoute(app, routes.getTimeline, async (req) => candidateTimeline(db, actorOf(req), req.query.clientId, req.params.id));

  legacyRoute(app, routes.addNote, async (req) => addNote(db, actorOf(req), req.body));

  legacyRoute(app, routes.getPipeline, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return { clientId: req.query.clientId, statuses: await getStatuses(db, req.query.clientId) };
  });

  legacyRoute(app, routes.updatePipeline, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId);
    requireCandidateEditor(actor);
    return updatePipeline(db, req.body.clientId, req.body.statuses);
  });

  legacyRoute(app, routes.listApplications, async (req) => {
    await loadCandidateClient(db, actorOf(req), req.query.clientId);
    return listApplications(db, req.query);
  });

  legacyRoute(app, routes.updateApplication, async (req) => {
    const actor = actorOf(req);
    await loadCandidateClient(db, actor, req.body.clientId);
    return updateApplication(db, actor, req.body);
  });
}
