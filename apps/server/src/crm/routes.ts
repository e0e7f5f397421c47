import { crmRoutes as routes } from '@hh/contract/crm';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
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
import { getFilterFacets } from './filter-facets.ts';
import { setFollowUp } from './follow-ups/index.ts';
import { forwardProfile } from './forward-profile.ts';
import { getCandidate } from './get-candidate.ts';
import { getFile, getResume } from './get-file.ts';
import { getPipeline } from './get-pipeline.ts';
import { listApplications, updateApplication } from './inbox.ts';
import { listCandidates, listCandidatesOfSpec } from './list-candidates.ts';
import { createCandidateList, listCandidateLists, updateCandidateList } from './lists/index.ts';
import { getApplicantCount, getRespondentMetrics, listCandidateRequisitions } from './metrics.ts';
import { referCandidate } from './refer-candidate.ts';
import { createResponseSource, listResponseSources } from './response-sources.ts';
import { createTag, listTags } from './tags.ts';
import { addNote, getTimeline } from './timeline.ts';
import { patchCandidates, updateCandidate, updateCandidateById } from './update-candidates.ts';
import { updatePipeline } from './update-pipeline.ts';

/** Candidates and CRM (recruiting spec 001 §7, §8; decision 0012). Rights: docs/permissions.md "Candidates". */
export default async function crmRoutes(app: FastifyInstance) {
  route(app, routes.getCandidates, listCandidatesOfSpec);
  route(app, routes.searchCandidates, listCandidates);
  route(app, routes.getCandidate, getCandidate);
  route(app, routes.updateCandidates, patchCandidates);
  route(app, routes.updateCandidate, updateCandidate);
  route(app, routes.updateCandidateById, updateCandidateById);
  route(app, routes.createCandidate, createCandidate);
  route(app, routes.getFilterFacets, getFilterFacets);
  route(app, routes.getRespondentMetrics, getRespondentMetrics);
  route(app, routes.getApplicantCount, getApplicantCount);
  route(app, routes.listCandidateRequisitions, listCandidateRequisitions);

  // Tags and response sources: `{id}` is the client's id.
  route(app, routes.listTags, listTags);
  route(app, routes.createTag, createTag);
  route(app, routes.listResponseSources, listResponseSources);
  route(app, routes.createResponseSource, createResponseSource);

  // Alerts: `{id}` is a candidate (its alerts) or the client (all of them).
  route(app, routes.listAlerts, listAlerts);
  route(app, routes.createAlert, createAlert);
  route(app, routes.updateAlert, updateAlert);

  route(app, routes.forwardProfile, forwardProfile);
  route(app, routes.referCandidate, referCandidate);
  route(app, routes.setFollowUp, setFollowUp);

  // Files: signed-in, rights-checked, never cached.
  route(app, routes.getResume, getResume);
  route(app, routes.getFile, getFile);

  // Saved lists and campaign drafts.
  route(app, routes.listCandidateLists, listCandidateLists);
  route(app, routes.createCandidateList, createCandidateList);
  route(app, routes.updateCandidateList, updateCandidateList);
  route(app, routes.createCampaignDraft, createCampaignDraft);

  // Campaigns (decision 0012 "Campaigns"): the editor at /harvest/cultivate/campaigns, sends through the queue.
  route(app, routes.listCampaigns, listCampaigns);
  route(app, routes.getCampaign, getCampaign);
  route(app, routes.updateCampaign, updateCampaign);
  route(app, routes.previewCampaign, previewCampaign);
  route(app, routes.sendTestCampaign, sendTestCampaign);
  route(app, routes.sendCampaign, startCampaignSend);

  // The unsubscribe link of every campaign mail: public, by signed token. GET shows a confirm button
  // (mail scanners that open links unsubscribe nobody); POST unsubscribes, from that button or from a
  // mail client's one-click List-Unsubscribe-Post (RFC 8058, a form body "List-Unsubscribe=One-Click").
  await app.register(async (scope) => {
    // The one-click POST's form body carries nothing we need: accepted and ignored (small limit).
    const ignoreBody = (_req: unknown, _body: string | Buffer, done: (err: null, body: object) => void) => done(null, {});
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'])
      if (!scope.hasContentTypeParser(type)) scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, ignoreBody);
    // Public and by token: per address, far more than one person's clicks, far fewer than token guessing needs.
    const limited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
    route(scope, routes.unsubscribeLanding, unsubscribeLanding, limited);
    route(scope, routes.unsubscribe, unsubscribeAndConfirm, limited);
  });

  // Timeline, notes, pipeline and the applications inbox.
  route(app, routes.getTimeline, getTimeline);
  route(app, routes.addNote, addNote);
  route(app, routes.getPipeline, getPipeline);
  route(app, routes.updatePipeline, updatePipeline);
  route(app, routes.listApplications, listApplications);
  route(app, routes.updateApplication, updateApplication);
}
