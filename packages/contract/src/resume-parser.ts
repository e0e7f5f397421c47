import { parsedResume, tags } from './requisitions.ts';
import { defineRoute } from './route.ts';

/**
 * POST api/resume-parser (recruiting spec §7): multipart field `resume`; answers the parsed fields
 * and stores nothing. Failures carry the spec's message first, then the reason.
 */
export const resumeParserRoutes = {
  parse: defineRoute({
    method: 'POST',
    path: '/api/resume-parser',
    multipart: true,
    status: 200,
    reply: parsedResume,
    errors: [400, 401, 403, 413, 415, 422],
    tags,
  }),
};
