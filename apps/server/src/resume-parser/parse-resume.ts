import { checkedKind, extractText } from './extract-text.ts';
import { extractFields, type ParsedFields } from './extract-fields.ts';
import { ResumeParseError, refuse } from './errors.ts';

export interface ParsedResume extends ParsedFields {
  /** The resume's plain text (for search and keyword matching), at most 200,000 characters. */
  resumeText: string;
  /** The kind read from the bytes. */
  fileType: 'pdf' | 'docx' | 'doc' | 'rtf' | 'txt';
}

/**
 * Offline resume parsing (docs/decisions/0020-resume-parsing.md): the kind is sniffed from
 * the bytes and checked against `contentType` (a MIME type, or a file name such as "cv.pdf"), the
 * text extracted (unpdf, mammoth, our RTF and DOC readers), then the fields found by rules. Throws
 * ResumeParseError (with its HTTP status) for empty, oversized, mislabelled, encrypted, zip-bomb or
 * unreadable files; nothing is stored. This runs on the calling thread: the server calls it only
 * inside a worker thread, through parseResumeInWorker (run-in-worker.ts).
 */
export async function parseResume(bytes: Uint8Array, contentType: string, fileName = ''): Promise<ParsedResume> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = checkedKind(buf, contentType, fileName);
  let text: string;
  try {
    text = await extractText(buf, kind);
  } catch (err) {
    if (err instanceof ResumeParseError) throw err;
    throw refuse.unreadable();
  }
  if (!text.trim()) throw refuse.unreadable();
  return { ...extractFields(text), resumeText: text, fileType: kind };
}
