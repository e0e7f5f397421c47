import { messages } from '@hh/contract/messages';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { MAX_JSON_DEPTH } from '@hh/contract/security';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findBadText } from '../core/security/edge-text.ts';
import { sameSitePath } from '../core/security/safe-url.ts';

/**
 * Cross-cutting request hardening, configured in one place (decision 0400, docs/security.md):
 *  - security headers from helmet (worked out once at start, see securityHeaders()): a CSP whose
 *    scripts need this request's nonce (no 'unsafe-inline' for scripts), `frame-ancestors 'none'`
 *    (widget embeds open it to the widget's embeddingPermissions), nosniff, Referrer-Policy, and
 *    HSTS when the request came over HTTPS;
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
  if (typeof payload !== 'string') return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('text/html') || !payload.includes(NONCE_PLACEHOLDER)) return payload;
  return payload.replaceAll(NONCE_PLACEHOLDER, nonces.get(reply.raw) ?? '');
}

/**
 * A page body kept as UTF-8 bytes split at each nonce placeholder (plugins/page-cache.ts): encoded once
 * when stored, then every response is one copy of those bytes with its own nonce between them. A
 * string body is encoded again on every write, which cost more than the rest of a cached page's
 * request together when the page holds any non-ASCII character.
 */
export function splitAtNonce(body: string): Buffer[] {
  return body.split(NONCE_PLACEHOLDER).map((part) => Buffer.from(part, 'utf8'));
}

/** The bytes of splitAtNonce's parts with this response's nonce in every gap (the parts themselves when there is none). */
export function stampNonce(reply: FastifyReply, parts: readonly Buffer[]): Buffer {
  if (parts.length === 1) return parts[0] as Buffer;
  const nonce = nonces.get(reply.raw) ?? '';
  let length = nonce.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) at += out.write(nonce, at, 'latin1');
    at += (parts[i] as Buffer).copy(out, at);
  }
  return out;
}

/** Where the nonce goes in the CSP worked out at start (base64 letters, as a nonce is). */
const NONCE_MARK = 'hhCspNonceMark0';
const NONCE_SOURCE_MARK = `'nonce-${NONCE_MARK}'`;

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

/** What helmet's options (below) produce, worked out once at start: see securityHeaders(). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE_SOURCE_MARK, ...GOOGLE_SCRIPTS],
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
  // HSTS only over HTTPS (set in the hook below): on plain HTTP it means nothing and would be misleading.
  strictTransportSecurity: false,
  // Widget scripts, logos and videos are loaded by clients' own sites.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
} as const satisfies HelmetOptions;

export interface SecurityHeaders {
  /** Every header helmet sets, in its order and spelling, but the CSP: [name, value]. */
  fixed: Array<[string, string]>;
  /** Headers helmet removes (X-Powered-By). */
  removed: string[];
  /** The CSP header's name and its value around this response's `'nonce-…'` source. */
  csp: { name: string; head: string; tail: string };
}

/**
 * The headers of helmet's options, computed once by helmet itself: its middleware runs against a
 * recording response with a marker where the nonce goes. @fastify/helmet called helmet(options) on
 * every request, which parsed the whole configuration again each time (about 6 % of a cached career
 * page's CPU); the bytes sent are the same, with each response's own nonce in the CSP.
 */
export function securityHeaders(): SecurityHeaders {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  const fail = (err?: unknown) => {
    if (err) throw err;
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, fail);
  const at = set.findIndex(([name]) => name.toLowerCase() === 'content-security-policy');
  const [name, value] = set[at] ?? [];
  const mark = value?.indexOf(NONCE_MARK) ?? -1;
  if (!name || !value || mark === -1 || value.indexOf(NONCE_MARK, mark + 1) !== -1)
    throw new Error('helmet set no Content-Security-Policy with one nonce source');
  return { fixed: set.filter((_, i) => i !== at), removed, csp: { name, head: value.slice(0, mark), tail: value.slice(mark + NONCE_MARK.length) } };
}

let computedHeaders: SecurityHeaders | null = null;
/** securityHeaders(), worked out on first use and kept. */
export function sharedSecurityHeaders(): SecurityHeaders {
  computedHeaders ??= securityHeaders();
  return computedHeaders;
}

/**
 * The CSP of a page whose inline scripts are allowed by their hashes instead of a nonce
 * (plugins/page-bytes.ts): the same policy with `'sha256-…'` sources where the nonce source was. Such
 * a page's bytes are the same for every visitor, so they can be stored compressed.
 */
export function cspWithScriptHashes(hashes: readonly string[]): { name: string; value: string } {
  const { csp } = sharedSecurityHeaders();
  const before = csp.head.slice(0, csp.head.length - "'nonce-".length).trimEnd();
  const after = csp.tail.slice(1).trimStart(); // the nonce source's closing quote
  return { name: csp.name, value: [before, ...hashes, after].filter(Boolean).join(' ') };
}

/** Refused before routing: a NUL or a lone surrogate percent-encoded in the path. */
function badPath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.includes('%') && (/%00/i.test(path) || /%ed%[ab][0-9a-f]/i.test(path));
}

/** A query or params object of plain strings (or none) without any character findBadText could refuse: nothing to walk. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what findBadText refuses
const SUSPECT = /[\u0000\ud800-\udfff]/;
function plainStrings(o: unknown): boolean {
  if (o === undefined || o === null) return true;
  if (typeof o !== 'object' || Array.isArray(o)) return false;
  for (const k in o) {
    const v = (o as Record<string, unknown>)[k];
    if (typeof v !== 'string' || SUSPECT.test(k) || SUSPECT.test(v)) return false;
  }
  return true;
}

export default fp(async function security(app: FastifyInstance) {
  const headers = sharedSecurityHeaders();
  // One synchronous hook for every request (an async hook costs a promise and a turn of the
  // microtask queue each): the nonce, helmet's headers, HSTS over HTTPS, then the path check.
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    const nonce = nextNonce();
    nonces.set(res, nonce);
    res.setHeader(headers.csp.name, headers.csp.head + nonce + headers.csp.tail);
    for (const [name, value] of headers.fixed) res.setHeader(name, value);
    for (const name of headers.removed) res.removeHeader(name);
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // Path segments arrive percent-encoded; a NUL or a lone surrogate in one is refused before routing work.
    if (badPath(req.url)) {
      reply.status(400).send({ errorMsg: { path: [messages.security.invalidText] } });
      return;
    }
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    // A redirect never leaves for a protocol-relative address (`//evil.example`).
    const location = reply.getHeader('location');
    if (typeof location === 'string' && /^[/\\]{2}/.test(location)) reply.header('location', sameSitePath(location));
    done(null, fillNonce(reply, payload));
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

  app.addHook('preValidation', (req: FastifyRequest, reply, done) => {
    // Most requests carry a flat query and params of ordinary text: nothing to walk then.
    const bad =
      (plainStrings(req.body) ? null : findBadText(req.body, 'body', MAX_JSON_DEPTH)) ??
      (plainStrings(req.query) ? null : findBadText(req.query, 'query', MAX_JSON_DEPTH)) ??
      (plainStrings(req.params) ? null : findBadText(req.params, 'params', MAX_JSON_DEPTH));
    if (bad) {
      reply.status(400).send({ errorMsg: { [bad.field]: [bad.tooDeep ? messages.security.tooDeep(MAX_JSON_DEPTH) : messages.security.invalidText] } });
      return;
    }
    done();
  });
});

/** For a reply that may be framed (a widget embed): CSP frame-ancestors from the caller, no X-Frame-Options. */
export function allowFraming(reply: FastifyReply, ancestors: string): void {
  reply.removeHeader('x-frame-options');
  const csp = String(reply.getHeader('content-security-policy') ?? '');
  reply.header('content-security-policy', csp ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`) : `frame-ancestors ${ancestors}`);
}
