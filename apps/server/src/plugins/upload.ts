import { messages } from '@hh/contract/messages';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Upload } from '../core/operation.ts';
import { badRequest, tooLarge } from '../lib/app-error.ts';

/**
 * How one multipart call is read (the route's `upload` extra). `buffer` reads the whole form: every
 * text field and the file's bytes, refused past `maxBytes` with `tooLargeMessage`. `stream` stops at
 * the first file part and hands its stream to the operation (large videos go to storage through a
 * gate without being held in memory): the fields sent before the file are read, later ones are not.
 */
export interface UploadLimits {
  mode?: 'buffer' | 'stream';
  /** The largest file accepted (bytes); the app's IMAGE_MAX_BYTES when omitted. */
  maxBytes?: number | ((req: FastifyRequest) => number);
  /** The file field's name(s); the first file part is taken when omitted. */
  fileFields?: readonly string[];
  fields?: number;
  fieldSize?: number;
  /** The error key and message for a file over `maxBytes` and for a missing file. */
  key?: string;
  tooLargeMessage?: (maxBytes: number) => string;
  /** The error key of a file over `maxBytes`, when it is not `key`. */
  tooLargeKey?: string;
  /** When set, a form without a file part is refused with this message. */
  missingMessage?: string;
  /** The message for a request that is not multipart at all; `missingMessage`, else the catalogue's malformed-form message, when omitted. */
  notMultipartMessage?: string;
  /**
   * The operation reads the form itself, with `input.readUpload()`, after its own checks: a refusal
   * comes before the body is read, and the reader's errors can be answered in the call's own shape.
   */
  deferred?: boolean;
  /** Stream buffer size (bytes) for the parser and the file stream; busboy's 16 KB when omitted. */
  highWaterMark?: number;
  /**
   * What a file over `maxBytes` does: `refuse` (413, the default), or `mark`: reading stops and the
   * file comes back empty with `truncated: true`, for a form that answers "too large" in its own page
   * (the career site's apply form keeps what the applicant typed).
   */
  overSize?: 'refuse' | 'mark';
}

const FIELD_CHARS = 500;

/**
 * The one multipart reader (every `multipart: true` entry goes through it, in `route()`): the limits,
 * the error messages and the "not a multipart request" answer are the same everywhere.
 */
export async function readUpload(req: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  const key = limits.key ?? 'body';
  if (!req.isMultipart()) throw badRequest(key, limits.notMultipartMessage ?? limits.missingMessage ?? messages.security.multipartMalformed);
  const maxBytes = typeof limits.maxBytes === 'function' ? limits.maxBytes(req) : (limits.maxBytes ?? req.server.config.IMAGE_MAX_BYTES);
  const busboy = { fileSize: maxBytes, files: 1, fields: limits.fields ?? 20, fieldSize: limits.fieldSize ?? 64 * 1024 };
  const wanted = (name: string) => !limits.fileFields || limits.fileFields.includes(name);
  const fields: Record<string, string> = {};
  let file: Upload['file'] = null;
  const over = () => tooLarge(limits.tooLargeKey ?? key, limits.tooLargeMessage ? limits.tooLargeMessage(maxBytes) : messages.security.uploadTooLarge);
  const hwm = limits.highWaterMark ? { highWaterMark: limits.highWaterMark, fileHwm: limits.highWaterMark } : {};
  for await (const part of req.parts({ limits: busboy, ...hwm })) {
    if (part.type === 'file') {
      const f = part as MultipartFile;
      if (!wanted(f.fieldname) || file) {
        f.file.resume(); // drained, not kept
        continue;
      }
      if (limits.mode === 'stream') {
        file = { fieldname: f.fieldname, filename: f.filename, mimetype: f.mimetype, stream: f.file };
        const discard = () => {
          req.raw.unpipe();
          req.raw.resume();
        };
        return { fields, file, discard };
      }
      try {
        file = { fieldname: f.fieldname, filename: f.filename, mimetype: f.mimetype, bytes: await f.toBuffer() };
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        if (limits.overSize !== 'mark') throw over();
        file = { fieldname: f.fieldname, filename: f.filename, mimetype: f.mimetype, bytes: Buffer.alloc(0), truncated: true };
        break;
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value.slice(0, limits.fieldSize ?? FIELD_CHARS);
    }
  }
  if (!file && limits.missingMessage) throw badRequest(key, limits.missingMessage);
  return { fields, file };
}
