import { messages } from '@hh/contract/messages';
import { resumeParserRoutes as routes } from '@hh/contract/resume-parser';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/app-error.ts';
import { route } from '../plugins/route.ts';
import type { UploadLimits } from '../plugins/upload.ts';
import { RESUME_MAX_BYTES } from './index.ts';
import { parseUploadedResume } from './parse-uploaded-resume.ts';

/**
 * Parsing costs a worker thread for up to its time limit, so the direct call is limited per user and
 * per client (the client a staff member belongs to; a recruiter or an admin counts as their own),
 * in memory per process like the other route limits (plugins/security.ts). Every 429 has Retry-After.
 */
export const PARSE_PER_USER = { max: 20, timeWindow: '1 minute' };
export const PARSE_PER_CLIENT = { max: 60, timeWindow: '1 minute' };

/** The form: one file in the field `resume`, up to RESUME_MAX_BYTES, read by the operation after its right check. */
const PARSE_UPLOAD: UploadLimits = {
  deferred: true,
  maxBytes: RESUME_MAX_BYTES,
  fileFields: ['resume'],
  fields: 5,
  key: 'resume',
  tooLargeMessage: () => messages.requisitions.resumeTooLarge,
  missingMessage: messages.requisitions.resumeMissing,
};

/** POST api/resume-parser (recruiting spec §7): the form is read by the operation after its right check. */
export default async function resumeParserRoutes(app: FastifyInstance) {
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

  // The limiter runs after the auth hook (route hooks run after the app's), so the keys know the actor.
  route(app, routes.parse, parseUploadedResume, { onRequest: limit, upload: PARSE_UPLOAD });
}
