import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves a stored file with HTTP range support (RFC 9110 §14), so a <video> can seek:
 * `Range: bytes=a-b` -> 206 with Content-Range; an unsatisfiable range -> 416; none -> 200.
 * Multi-range requests get the whole file (allowed by the RFC).
 */
export async function serveRange(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { key: string; contentType: string; cacheControl: string; downloadName?: string },
) {
  const st = await app.storage.stat(opts.key);
  if (!st) return reply.status(404).type('text/plain').send('Not found');
  const size = st.size;
  reply.header('Accept-Ranges', 'bytes').header('Content-Type', opts.contentType).header('Cache-Control', opts.cacheControl);
  if (opts.downloadName) reply.header('Content-Disposition', `attachment; filename="${opts.downloadName.replace(/[^\w.-]/g, '_')}"`);
  const range = req.headers.range;
  const m = typeof range === 'string' ? range.match(/^bytes=(\d*)-(\d*)$/) : null;
  if (range && m && (m[1] !== '' || m[2] !== '')) {
    let start: number;
    let end: number;
    if (m[1] === '') {
      start = Math.max(0, size - Number(m[2]));
      end = size - 1;
    } else {
      start = Number(m[1]);
      end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    }
    if (start >= size || start > end) {
      return reply.status(416).header('Content-Range', `bytes */${size}`).type('text/plain').send('Range Not Satisfiable');
    }
    reply
      .status(206)
      .header('Content-Range', `bytes ${start}-${end}/${size}`)
      .header('Content-Length', end - start + 1);
    if (req.method === 'HEAD') return reply.send();
    return reply.send(app.storage.read(opts.key, { start, end }));
  }
  reply.status(200).header('Content-Length', size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(app.storage.read(opts.key));
}
