import { feedRoutes as r } from '@hh/contract/feed';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/route.ts';
import { getIndeedSettings, saveDefaultQuestions, saveIndeedCredentials, saveQuestionGroups } from './indeed-settings.ts';
import { listJobPlanning, updateJobPlanning } from './job-planning.ts';
import { getIndeedQuestions, getIndeedQuestionsBySlug, getIndeedQuestionsOfList } from './questions.ts';
import { receiveIndeedApplication } from './receive-indeed-application.ts';
import { serveFeed } from './serve-feed.ts';

/** Indeed's postback carries the resume in base64 inside the JSON ("There is no maximum size for JSON data payload"). */
export const POSTBACK_BODY_LIMIT = 15 * 1024 * 1024;

export default async function feedRoutes(app: FastifyInstance) {
  route(app, r.xml, serveFeed);

  // Screener questions Indeed fetches (core spec §2).
  route(app, r.questions, getIndeedQuestions);
  route(app, r.questionsByList, getIndeedQuestionsOfList);
  route(app, r.questionsBySlug, getIndeedQuestionsBySlug);

  // Indeed Apply settings (signed in, tenant-scoped).
  route(app, r.settings, getIndeedSettings);
  route(app, r.saveQuestionGroups, saveQuestionGroups);
  route(app, r.saveDefaultQuestions, saveDefaultQuestions);
  route(app, r.saveCredentials, saveIndeedCredentials);

  // Media planner: the job-planning entries (our paths; the jobs domain owns /api/job/*).
  route(app, r.planning, listJobPlanning);
  route(app, r.updatePlanning, updateJobPlanning);

  // The application postback, in its own encapsulated context: its body is kept raw (a Buffer, the
  // operation's `caller.rawBody`) for the signature check, with a body limit large enough for a base64 resume.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: POSTBACK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    route(scope, r.receiveApplication, receiveIndeedApplication, { bodyLimit: POSTBACK_BODY_LIMIT });
  });
}
