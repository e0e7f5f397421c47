import { messages } from '@hh/contract/messages';
import { resumeParserRoutes as routes } from '@hh/contract/requisitions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasProductRight } from '../auth/access.ts';
import { forbidden, tooManyRequests } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { legacyRoute } from '../plugins/route.ts';
import { RESUME_MAX_BYTES, ResumeParseError, parseResumeInWorker } from './index.ts';

/**
 * Parsing costs a worker thread for up to its time limit, so the direct call is limited per user and
 * per client (the client a staff member belongs to; a recruiter or an admin counts as their own),
 * in memory per process like the other route limits (plugins/security.ts). Every 429 has Retry-After.
 */
export const PARSE_PER_USER = { max: 20, timeWindow: '1 minute' };
export const PARSE_PER_CLIENT = { max: 60, timeWindow: '1 minute' };

/**
 * POST api/resume-parser (recruiting spec §7): multipart field `resume`; answers the parsed fields
 * and stores nothing. Every failure carries the spec's message first and, for bad input, the reason
 * after it: { errorMsg: { resume: ["An error occurred while parsing the resume, please try again.", "<reason>"] } }.
 */
export default async function resumeParserRoutes(app: FastifyInstance) {
  const fail = (status: number, reason: string) => {
    const list = reason === messages.requisitions.parseFailed ? [reason] : [messages.requisitions.parseFailed, reason];
    return { status, body: { errorMsg: { resume: list } } };
  };

  // Both counters count every call (@fastify/rate-limit runs one limiter per request, so the two are checked here).
  const limiters = [
    app.createRateLimit({ ...PARSE_PER_USER, keyGenerator: (req) => `user:${req.actor?.id ?? req.ip}` }),
    app.createRateLimit({ ...PARSE_PER_CLIENT, keyGenerator: (req) => `client:${req.actor?.clientId ?? req.actor?.id ?? req.ip}` }),
  ];
  const limit = async (req: FastifyRequest) => {
    let wait = 0;
    for (const limiter of limiters) {
      const r = await limiter(req);
      if (!r.isAllowed && r.isExceeded) wait = Math.max(wait, r.ttlInSeconds);
    }
    if (wait > 0) throw tooManyRequests('resume', messages.security.tooManyRequests, wait);
  };

  legacyRoute(
    app,
    routes.parse,
    async (req, reply) => {
      const actor = actorOf(req);
      // Recruiters and admins; client staff with the cultivate (CRM) or harvest (jobs) product.
      if (!hasProductRight(actor, 'cultivate', 'member') && !hasProductRight(actor, 'harvest', 'member')) throw forbidden('resume', messages.server.forbidden);
      let out = fail(400, messages.requisitions.resumeMissing);
      if (req.isMultipart()) {
        const part = await req.file({ limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 5 } });
        if (part && part.fieldname === 'resume') {
          let bytes: Buffer | null = null;
          try {
            bytes = await part.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
            out = fail(413, messages.requisitions.resumeTooLarge);
          }
          if (bytes && part.file.truncated) out = fail(413, messages.requisitions.resumeTooLarge);
          else if (bytes) {
            try {
              // Never on this thread: a worker with a time and memory limit (run-in-worker.ts).
              return await parseResumeInWorker(bytes, part.mimetype ?? '', part.filename ?? '');
            } catch (err) {
              if (!(err instanceof ResumeParseError)) {
                req.log.warn({ err }, 'resume parsing failed');
                out = fail(422, messages.requisitions.parseFailed);
              } else out = fail(err.status, err.message);
            }
          }
        } else if (part) part.file.resume();
      }
      return reply.status(out.status).send(out.body);
    },
    // After the auth hook (route hooks run after the app's), so the keys know the actor.
    { onRequest: limit },
  );
}
