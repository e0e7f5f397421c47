import { messages } from '@hh/contract/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../lib/app-error.ts';
import type { Storage } from '../plugins/storage.ts';

/** Stored files are written once under a fresh uuid key, so they may be cached for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Parses a single-range `Range: bytes=...` header (RFC 9110 §14.1.2). Returns null when the
 * header is absent, malformed or asks for several ranges (the whole file is sent then), and
 * 'unsatisfiable' when the range starts beyond the end.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // suffix range: the last N bytes
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams a stored file with its content type and long cache headers, answering HTTP Range
 * requests with 206 (video players and resumable downloads need them). Reusable by any domain
 * that serves files from app.storage (images, videos, resumes).
 */
export async function sendStoredFile(
  storage: Storage,
  req: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; contentType: string; cacheControl?: string; downloadName?: string },
): Promise<FastifyReply> {
  const st = await storage.stat(file.key);
  if (!st) throw notFound('media', messages.server.fileNotFound);
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl ?? IMMUTABLE_CACHE)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // Served files are data, never a page: no scripts even if a browser is told to render one.
    .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
  if (file.downloadName) reply.header('content-disposition', `attachment; filename="${file.downloadName.replace(/["\\\r\n]/g, '_')}"`);
  const range = parseRange(req.headers.range, st.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${st.size}`).send();
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(storage.read(file.key, range));
  }
  return reply.status(200).header('content-length', st.size).send(storage.read(file.key));
}
