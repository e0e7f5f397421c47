import type { FastifyBaseLogger } from 'fastify';
import { parseResumeInWorker } from '../resume-parser/index.ts';

const MAX_TEXT = 200_000;

/**
 * The text of an applicant's resume, for search, keyword ranking and the inbox (decision 0012): the
 * offline parser reads PDF, DOCX, DOC, RTF and text, in a worker thread with a time and memory limit
 * (never on the calling thread). A resume it cannot read (scanned, encrypted, damaged, too complex)
 * never costs the applicant the application: it is stored as sent, with no text, and the recruiter
 * still opens the file.
 */
export async function resumeTextOf(bytes: Buffer, contentType: string, fileName: string, log: FastifyBaseLogger): Promise<string> {
  try {
    const parsed = await parseResumeInWorker(bytes, contentType, fileName);
    return parsed.resumeText.replaceAll('\0', '').slice(0, MAX_TEXT);
  } catch (err) {
    log.info({ err, fileName }, 'resume text could not be read; the application is kept without it');
    return '';
  }
}
