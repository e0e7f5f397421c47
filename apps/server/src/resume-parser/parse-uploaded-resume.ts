import { messages } from '@hh/contract/messages';
import type { resumeParserRoutes as r } from '@hh/contract/resume-parser';
import { type Need, may } from '../auth/access.ts';
import { answer, type Operation } from '../core/operation.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import { ResumeParseError } from './errors.ts';
import { parseResumeInWorker } from './run-in-worker.ts';

/** Recruiters and admins; client staff with the cultivate (CRM) or harvest (jobs) product. */
const PARSERS: Need[] = [
  { product: 'cultivate', level: 'member' },
  { product: 'harvest', level: 'member' },
];

/** The spec's message first and, for bad input, the reason after it. */
function fail(status: number, reason: string) {
  const list = reason === messages.requisitions.parseFailed ? [reason] : [messages.requisitions.parseFailed, reason];
  return answer({ status, body: { errorMsg: { resume: list } } });
}

/**
 * POST api/resume-parser (recruiting spec §7): multipart field `resume`; answers the parsed fields
 * and stores nothing. Every failure carries the spec's message first and, for bad input, the reason
 * after it: { errorMsg: { resume: ["An error occurred while parsing the resume, please try again.", "<reason>"] } }.
 * The right is checked before the form is read (the route's upload is deferred), and the reader's
 * refusals (not a form, no `resume` file, too large) are answered in that shape.
 */
export const parseUploadedResume: Operation<typeof r.parse, 'log'> = async (deps, input) => {
  if (!PARSERS.some((need) => may(input.actor, need))) throw forbidden('resume', messages.server.forbidden);
  let file: { bytes?: Buffer; mimetype: string; filename: string } | null;
  try {
    file = input.readUpload ? (await input.readUpload()).file : null;
  } catch (err) {
    if (err instanceof AppError) return fail(err.status, err.message);
    throw err;
  }
  if (!file?.bytes) return fail(400, messages.requisitions.resumeMissing);
  try {
    // Never on this thread: a worker with a time and memory limit (run-in-worker.ts).
    return await parseResumeInWorker(file.bytes, file.mimetype ?? '', file.filename ?? '');
  } catch (err) {
    if (err instanceof ResumeParseError) return fail(err.status, err.message);
    deps.log.warn({ err }, 'resume parsing failed');
    return fail(422, messages.requisitions.parseFailed);
  }
};
