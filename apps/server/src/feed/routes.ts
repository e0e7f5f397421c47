import { Readable } from 'node:stream';
import { feedRoutes as r } from '@hh/contract/feed';
import { messages } from '@hh/contract/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { getIndeedSettings, saveDefaultQuestions, saveIndeedCredentials, saveQuestionGroups } from './indeed-settings.ts';
import { listJobPlanning, updateJobPlanning } from './job-planning.ts';
import { getIndeedQuestions } from './questions.ts';
import { receiveIndeedApplication } from './receive-indeed-application.ts';
import { notifyNewApplication, resumeTextOf } from '../candidates/index.ts';
import { feedChunks, feedVersion, findFeedClient } from './stream-feed.ts';
import { errorXml } from './xml.ts';

/** Indeed's postback carries the resume in base64 inside the JSON ("There is no maximum size for JSON data payload"). */
export const POSTBACK_BODY_LIMIT = 15 * 1024 * 1024;
const XML_TYPE = 'application/xml; charset=utf-8';

const sendXmlError = (reply: FastifyReply, code: 401 | 404, message: string) =>
  reply.status(code).type(XML_TYPE).header('cache-control', 'no-cache').send(errorXml(code, message));

/** True when a conditional GET may be answered 304 (RFC 9110 §13.1.2: If-None-Match wins over If-Modified-Since). */
function notModified(req: FastifyRequest, etag: string, lastModified: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
  const ims = req.headers['if-modified-since'];
  if (ims) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}

export default async function feedRoutes(app: FastifyInstance) {
  /**
   * The Indeed XML feed (core spec §4 "Feed generation cases", §8 "Feed errors"). Errors are
   * `<error><code/><message/></error>`. A client with no open jobs gets 404 "No data available"
   * in the same format (our decision: nothing to publish is answered like the other "nothing to
   * serve" cases, and a crawler never mistakes it for an empty but valid feed).
   */
  legacyRoute(app, r.xml, async (req, reply) => {
    const slug = req.params.nameSlug;
    let client: Awaited<ReturnType<typeof findFeedClient>>;
    let version: Awaited<ReturnType<typeof feedVersion>>;
    try {
      client = await findFeedClient(app.pool, slug);
      if (!client) return sendXmlError(reply, 404, messages.feed.clientNotFound(slug));
      if (!client.aiSearch || client.subscriptions?.media !== true) return sendXmlError(reply, 404, messages.feed.notConfigured(slug));
      version = await feedVersion(app.pool, client, app.config.publicUrl);
    } catch (err) {
      req.log.error({ err, slug }, 'feed: reading the jobs failed');
      return sendXmlError(reply, 401, messages.feed.fetchFailed(slug));
    }
    if (version.count === 0) return sendXmlError(reply, 404, messages.feed.noData);
    reply
      .header('etag', version.etag)
      .header('last-modified', version.lastModified.toUTCString())
      .header('cache-control', 'public, max-age=0, must-revalidate');
    if (notModified(req, version.etag, version.lastModified)) return reply.status(304).send();
    const stream = Readable.from(feedChunks(app.pool, { client, publicUrl: app.config.publicUrl, lastModified: version.lastModified }), {
      objectMode: false,
    });
    // Headers are gone by the time a mid-stream read fails: the connection is cut, so a crawler
    // sees a failed fetch rather than a short but valid-looking feed.
    stream.on('error', (err) => req.log.error({ err, slug }, 'feed: stream failed'));
    return reply.type(XML_TYPE).send(stream);
  });

  // Screener questions Indeed fetches (core spec §2). The client is named by ?nameSlug= (the URL
  // the feed publishes carries it); without it, the host when it is a client's custom domain.
  legacyRoute(app, r.questions, async (req) => getIndeedQuestions(app.pool, { nameSlug: req.query.nameSlug, host: req.hostname }));
  legacyRoute(app, r.questionsByList, async (req) =>
    getIndeedQuestions(app.pool, { nameSlug: req.query.nameSlug, host: req.hostname, questionsListId: req.params.questionsListId }),
  );
  legacyRoute(app, r.questionsBySlug, async (req) => getIndeedQuestions(app.pool, { nameSlug: req.query.nameSlug, questionsListId: req.query.questionsListId }));

  // Indeed Apply settings (signed in, tenant-scoped).
  legacyRoute(app, r.settings, async (req) => getIndeedSettings(app.db, app.config.publicUrl, { actor: actorOf(req), clientId: req.query.clientId }));
  legacyRoute(app, r.saveQuestionGroups, async (req) => {
    const actor = actorOf(req);
    await saveQuestionGroups(app.db, { actor, clientId: req.body.clientId, groups: req.body.indeedApplyQuestionsGroups });
    return getIndeedSettings(app.db, app.config.publicUrl, { actor, clientId: req.body.clientId });
  });
  legacyRoute(app, r.saveDefaultQuestions, async (req) => {
    const actor = actorOf(req);
    await saveDefaultQuestions(app.db, { actor, clientId: req.body.clientId, questions: req.body.defaultIndeedApplyQuestions });
    return getIndeedSettings(app.db, app.config.publicUrl, { actor, clientId: req.body.clientId });
  });
  legacyRoute(app, r.saveCredentials, async (req) => {
    const actor = actorOf(req);
    await saveIndeedCredentials(app.db, { actor, ...req.body });
    return getIndeedSettings(app.db, app.config.publicUrl, { actor, clientId: req.body.clientId });
  });

  // Media planner: the job-planning entries (our paths; the jobs domain owns /api/job/*).
  legacyRoute(app, r.planning, async (req) => listJobPlanning(app.db, { actor: actorOf(req), ...req.query }));
  legacyRoute(app, r.updatePlanning, async (req) => updateJobPlanning(app.db, { actor: actorOf(req), ...req.body }));

  // The application postback, in its own encapsulated context: its body is kept raw (a Buffer) for
  // the signature check, with a body limit large enough for a base64 resume.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: POSTBACK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    legacyRoute(
      scope,
      r.receiveApplication,
      async (req) => {
        const body: unknown = req.body;
        const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        const sig = req.headers['x-indeed-signature'];
        const { applicationId, candidateId, notice } = await receiveIndeedApplication(app.db, app.storage, {
          nameSlug: req.params.nameSlug,
          raw,
          signature: Array.isArray(sig) ? sig[0] : sig,
          resumeText: (bytes, type, name) => resumeTextOf(bytes, type, name, req.log),
          publicUrl: app.config.publicUrl,
        });
        // The recruiters and the applicant hear of it as for a career-site apply (through the mail outbox).
        await notifyNewApplication({ db: app.db, mail: app.mail, config: app.config }, notice);
        return { applicationId, candidateId };
      },
      { bodyLimit: POSTBACK_BODY_LIMIT },
    );
  });
}
