import { messages } from '@hh/contract/messages';
import { resumeParserRoutes as routes } from '@hh/contract/requisitions';
import type { FastifyInstance } from 'fastify';
import { hasProductRight } from '../auth/access.ts';
import { forbidden } from '../lib/app-error.ts';
import { actorOf } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';
import { RESUME_MAX_BYTES, ResumeParseError, parseResume } from './index.ts';

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

  route(app, routes.parse, async (req, reply) => {
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
            return await parseResume(bytes, part.mimetype ?? '', part.filename ?? '');
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
  });
}
