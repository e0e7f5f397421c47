import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServer, type ServerOptions } from 'node:http';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import { FrontCache } from './plugins/front-cache.ts';
import { pageCacheOf } from './plugins/session-cache.ts';
import securityPlugin from './plugins/security.ts';
import { lazyChildLogger } from './plugins/request-logger.ts';
import mailPlugin from './plugins/mail.ts';
import queuePlugin from './plugins/queue.ts';
import storagePlugin from './plugins/storage.ts';
import { setImagePoolSize } from './images/image-pool.ts';
import { type InboundSmtp, startInboundSmtp } from './conversations/index.ts';
import { eventsSettled } from './job-analytics/index.ts';
import { followSearchChanges } from './public-jobs/index.ts';
import { depsOf } from './core/deps.ts';
import { domainRoutes } from './routes.ts';
import { registerWorkers } from './workers.ts';
import webPlugin from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    pool: pg.Pool;
    databaseUrl: string;
    /** Every route registered, for the generated role-matrix and bad-input tests. */
    routeTable: Array<{ method: string; url: string; auth: 'public' | 'optional' | 'required'; schema: unknown; fromContract: boolean }>;
    /** The inbound SMTP listener when INBOUND_SMTP_PORT is set (started when the app is ready), else null. */
    inboundSmtp: InboundSmtp | null;
    /** Career pages answered again before routing (plugins/front-cache.ts). */
    frontCache: FrontCache;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  databaseUrl: string;
  logger?: boolean | object;
}

export type App = FastifyInstance;

/** Log fields that may carry secrets or personal data. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-indeed-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.candidateAPIKey',
  '*.candidateApiKey',
  '*.apiKey',
  '*.secret',
  'err.params',
  'err.cause.parameters',
];

/** A request slower than this is logged at info (with its time). */
const SLOW_REQUEST_MS = 500;
/** One request in this many is logged at info however it went (a sampled access log). */
const ACCESS_LOG_SAMPLE = 1000;
/** How long one database probe answers /health. */
const HEALTH_PROBE_MS = 1000;

/** A hop count trusts the nearest n proxies (proxy-addr's rule); a list trusts those addresses. */
function trustProxyOption(v: Config['TRUST_PROXY']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // A career page already answered from the page cache is answered again from the raw request, before
  // routing (plugins/front-cache.ts); every other request goes to Fastify. The server is made as
  // Fastify makes its own (the same timeouts).
  const frontCache = new FrontCache({ pages: () => pageCacheOf(deps.db) });
  const app = Fastify({
    serverFactory: (handler, options) => {
      const opts = options as {
        http?: ServerOptions;
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
        maxRequestsPerSocket?: number;
      };
      const server = createServer(opts.http ?? {}, (req, res) => {
        if (!frontCache.serve(req, res)) handler(req, res);
      });
      if (opts.keepAliveTimeout !== undefined) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout !== undefined) server.requestTimeout = opts.requestTimeout;
      if (opts.connectionTimeout !== undefined) server.setTimeout(opts.connectionTimeout);
      if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
    // Secrets never reach a log line (pino's redact; query parameters are
    // dropped from database errors in plugins/errors.ts).
    logger: deps.logger ?? { level: deps.config.LOG_LEVEL, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    bodyLimit: deps.config.BODY_LIMIT,
    // X-Forwarded-* is believed only from the proxies TRUST_PROXY names.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: false },
    return503OnClosing: true,
    // Fastify's two info lines per request are off: requests are logged by the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger is built on its first line (most requests write none).
    childLoggerFactory: lazyChildLogger,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('frontCache', frontCache);
  // The front answers nothing once the app is closing (Fastify answers 503 then).
  app.addHook('preClose', (done) => {
    frontCache.closing = true;
    done();
  });
  setImagePoolSize(deps.config.IMAGE_WORKERS);
  app.decorate('db', deps.db);
  app.decorate('pool', deps.pool);
  app.decorate('databaseUrl', deps.databaseUrl);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      const auth = r.config?.auth ?? (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') ? 'required' : 'public');
      routeTable.push({ method, url: r.url, auth, schema: r.schema, fromContract: r.config?.contract !== undefined });
    }
  });
  // Hooks that run on every request are synchronous: an async hook costs a promise and a turn of the microtask queue.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });
  // A request is logged at info when it failed (5xx) or was slow, and one in ACCESS_LOG_SAMPLE
  // otherwise (a sampled access log): writing two lines for every request cost more than serving
  // a cached career page. The path is logged without its query (search words, emails, tokens).
  let served = 0;
  app.addHook('onResponse', (req, reply, done) => {
    frontCache.settle(req.raw, reply.raw);
    const ms = reply.elapsedTime;
    const failed = reply.statusCode >= 500;
    const slow = ms >= SLOW_REQUEST_MS;
    if (failed || slow || ++served % ACCESS_LOG_SAMPLE === 0) {
      const path = req.url.split('?')[0];
      req.log.info(
        { method: req.method, path, remoteAddress: req.ip, statusCode: reply.statusCode, responseTime: Math.round(ms * 10) / 10 },
        failed ? 'request failed' : slow ? 'slow request' : 'request completed (sampled)',
      );
    }
    done();
  });

  await app.register(errorsPlugin);
  // Security headers, abuse limits and edge text checks (decision 0400), before compression and every route.
  await app.register(securityPlugin);
  // Pages, scripts and styles are compressed for browsers; JSON and the (streamed, very large)
  // XML feed are not, to keep API and feed CPU low.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/html|text\/css|text\/javascript|application\/javascript)/,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.IMAGE_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Humanize Hiring API', version: '1.0.0', description: 'Generated from the route schemas in packages/contract.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  await app.register(storagePlugin);
  await app.register(queuePlugin);
  await app.register(mailPlugin);
  await registerWorkers(app);
  await app.register(authPlugin);
  // The public search's memory follows the page cache's changes from now on (public-jobs/search-memory.ts).
  const stopFollowing = followSearchChanges({ db: deps.db });
  // Career-site events still gathering (job-analytics/record-event.ts) are written before the app's database closes.
  app.addHook('onClose', async () => {
    stopFollowing();
    await eventsSettled({ db: deps.db });
  });

  // One database probe answers every health check for up to a second: a load balancer polling
  // many times a second, or a flood, costs one query, not a pool connection each.
  let probe: { at: number; up: Promise<boolean> } | null = null;
  app.get('/health', { config: { auth: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!probe || Date.now() - probe.at > HEALTH_PROBE_MS) {
      probe = {
        at: Date.now(),
        up: deps.pool.query('SELECT 1').then(
          () => true,
          () => false,
        ),
      };
    }
    const at = probe.at;
    if (await probe.up) {
      // Until the probe expires the answer is the same for every caller: the front gives it again (plugins/front-cache.ts).
      const up = { status: 'ok', database: 'up' };
      frontCache.offerFixed(req.raw, at + HEALTH_PROBE_MS, 200, JSON.stringify(up));
      return up;
    }
    return reply.status(503).send({ status: 'degraded', database: 'down' });
  });

  for (const routes of domainRoutes) await app.register(routes);
  await app.register(webPlugin);

  // The inbound SMTP listener for candidates' email replies (INBOUND_SMTP_PORT; off when unset): up
  // with the app, closed with it (docs/conversations.md).
  const inboundPort = deps.config.INBOUND_SMTP_PORT;
  app.decorate('inboundSmtp', null);
  if (inboundPort !== undefined) {
    app.addHook('onReady', async () => {
      app.inboundSmtp = await startInboundSmtp(depsOf(app), { port: inboundPort, host: deps.config.INBOUND_SMTP_HOST });
      app.log.info({ port: app.inboundSmtp.port }, 'inbound SMTP listening');
    });
    app.addHook('onClose', async () => app.inboundSmtp?.close());
  }
  return app;
}
