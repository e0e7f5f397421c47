import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { MAX_JSON_DEPTH } from '@hh/contract/security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findBadText } from '../core/security/edge-text.ts';
import { sameSitePath } from '../core/security/safe-url.ts';

/**
 * Cross-cutting request hardening, configured in one place (decision 0400, docs/security.md):
 *  - security headers from @fastify/helmet: a CSP whose scripts need this request's nonce (no
 *    'unsafe-inline' for scripts), `frame-ancestors 'none'` (widget embeds open it to the widget's
 *    embeddingPermissions), nosniff, Referrer-Policy, and HSTS when the request came over HTTPS;
 *  - per-address abuse limits from @fastify/rate-limit, in memory per process (ROUTE_LIMITS);
 *    limits that must hold across processes are PostgreSQL counters (core/security/rate-events.ts);
 *  - text checked at the edge: a NUL byte or a lone UTF-16 surrogate in any JSON string, query or
 *    path segment, or JSON nested deeper than MAX_JSON_DEPTH, is a 400 naming the field before any
 *    query runs.
 */

/** The per-request script nonce, for the few inline scripts we render (portal runtime config, career-site glue). */
const nonces = new WeakMap<ServerResponse, string>();
export const NONCE_PLACEHOLDER = `csp-nonce-${randomBytes(12).toString('hex')}`;

/**
 * Nonce bytes come from the same CSPRNG, drawn 4 KiB at a time and handed out 16 bytes per request:
 * one randomBytes call per 256 requests instead of one each (about 3 % of a cached career page).
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function nextNonce(): string {
  if (nonceAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    nonceAt = 0;
  }
  nonceAt += NONCE_BYTES;
  return noncePool.toString('base64', nonceAt - NONCE_BYTES, nonceAt);
}

/** Inline scripts carry `nonce="${NONCE_PLACEHOLDER}"`; this hook swaps in the request's nonce (a value no stored text can know). */
function fillNonce(reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.includes(NONCE_PLACEHOLDER)) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith('text/html')) return payload;
  return payload.replaceAll(NONCE_PLACEHOLDER, nonces.get(reply.raw) ?? '');
}

/** Third parties the career sites use when configured: GA4 (core spec §9) and reCAPTCHA (docs/career-sites.md). */
const GOOGLE_SCRIPTS = ['https://www.googletagmanager.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const GOOGLE_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com', 'https://www.google.com'];

/** Per-address limits (in memory per process; keys use the address only as TRUST_PROXY allows, see app.ts). */
export const ROUTE_LIMITS: Record<string, RateLimitOptions> = {
  'POST /api/login': { max: 60, timeWindow: '1 minute' },
  'POST /api/password-reset': { max: 10, timeWindow: '15 minutes' },
  'PATCH /api/user/update-password': { max: 20, timeWindow: '15 minutes' },
  'POST /api/profiles/wave/dispatch-embed-code': { max: 20, timeWindow: '1 hour' },
  'POST /:nameSlug/apply/*': { max: 20, timeWindow: '10 minutes' },
  'GET /api/search-jobs': { max: 300, timeWindow: '1 minute' },
  'GET /api/similar-jobs': { max: 300, timeWindow: '1 minute' },
  'POST /api/image/upload': { max: 60, timeWindow: '1 minute' },
  // Indeed Apply postbacks come from Indeed's few delivery addresses: generous for a hiring burst, but an
  // unsigned flood (each costs an HMAC over up to 15 MB) stops here before any database work.
  'POST /api/indeed-apply/:nameSlug': { max: 300, timeWindow: '1 minute' },
};
/** Unknown paths (404 floods): per address. */
export const NOT_FOUND_LIMIT: RateLimitOptions = { max: 120, timeWindow: '1 minute' };

export default fp(async function security(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    nonces.set(reply.raw, nextNonce());
    // Path segments arrive percent-encoded; a NUL or a lone surrogate in one is refused before routing work.
    const path = req.url.split('?')[0];
    if (/%00/i.test(path) || /%ed%[ab][0-9a-f]/i.test(path)) {
      return reply.status(400).send({ errorMsg: { path: [messages.security.invalidText] } });
    }
  });

  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonces.get(res) ?? ''}'`;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource, ...GOOGLE_SCRIPTS],
        // Inline <style> (career pages inline their critical CSS) and Mantine's style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...GOOGLE_CONNECT],
        // blob: the portal shows a signed-in user's PDF resume from an object URL it made itself.
        frameSrc: ["'self'", 'blob:', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // frame-ancestors does the framing rule; X-Frame-Options is kept as DENY for old browsers and
    // removed where a widget may be framed (widgets/embed-page.ts via allowFraming()).
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only over HTTPS (set below): on plain HTTP it means nothing and would be misleading.
    strictTransportSecurity: false,
    // Widget scripts, logos and videos are loaded by clients' own sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    // A redirect never leaves for a protocol-relative address (`//evil.example`).
    const location = reply.getHeader('location');
    if (typeof location === 'string' && /^[/\\]{2}/.test(location)) reply.header('location', sameSitePath(location));
    return fillNonce(reply, payload);
  });

  // Route limits are assigned here, from one table, before @fastify/rate-limit reads them.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const limit = ROUTE_LIMITS[`${method} ${route.url}`];
      if (limit) route.config = { ...(route.config ?? {}), rateLimit: limit } as typeof route.config;
    }
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error(messages.security.tooManyRequests), { statusCode: ctx.statusCode, retryAfter: ctx.ttl }),
  });

  app.addHook('preValidation', async (req: FastifyRequest, reply) => {
    const bad =
      findBadText(req.body, 'body', MAX_JSON_DEPTH) ?? findBadText(req.query, 'query', MAX_JSON_DEPTH) ?? findBadText(req.params, 'params', MAX_JSON_DEPTH);
    if (bad)
      return reply.status(400).send({ errorMsg: { [bad.field]: [bad.tooDeep ? messages.security.tooDeep(MAX_JSON_DEPTH) : messages.security.invalidText] } });
  });
});

/** For a reply that may be framed (a widget embed): CSP frame-ancestors from the caller, no X-Frame-Options. */
export function allowFraming(reply: FastifyReply, ancestors: string): void {
  reply.removeHeader('x-frame-options');
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`) : `frame-ancestors ${ancestors}`);
}
