import { messages } from '@hh/contract/messages';
import type { FastifyReply } from 'fastify';
import { esc } from './html.ts';

/**
 * An unknown site address (a mistyped `/{nameSlug}`): a neutral 404 for a job seeker, never the
 * portal's recruiter sign-in (which would tell a visitor the product behind the site). Browsers get this page; API clients the JSON 404.
 */
export function sendNeutralNotFound(reply: FastifyReply, o: { always?: boolean } = {}) {
  const accept = String(reply.request.headers.accept ?? '');
  if (!o.always && !accept.includes('text/html')) return reply.callNotFound();
  const title = messages.errorScreen.pageNotFound;
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><meta name="robots" content="noindex"><link rel="icon" href="data:,"><style>body{margin:0;font:17px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f3f3}main{max-width:640px;margin:12vh auto;padding:24px;background:#fff;border-radius:12px}h1{font-size:1.8rem;margin:0 0 .5em}p{margin:0 0 1em}</style></head><body><main><h1>${esc(messages.errorScreen.notFound)}</h1><p>${esc(title)}.</p><p>The career site you are looking for may have moved, or the address may be mistyped. Check the link you followed, or search the employer's name to find its career site.</p></main></body></html>`;
  return reply.status(404).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);
}
