import { messages } from '@hh/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { isStorageFull } from './storage-key.ts';

/** Seconds a client is asked to wait when the database is briefly unreachable (a restart takes a few). */
export const DB_RETRY_AFTER_SECONDS = 5;

/**
 * The one error mapper (CONVENTIONS §5): AppError -> its status and `errorMsg`,
 * validation -> 400 keyed by field, framework errors -> their 4xx, the database unreachable -> 503
 * with Retry-After, a full disk -> 507, anything else -> 500 with no internals leaked.
 */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      else if (err.status === 429) reply.header('retry-after', '60');
      return reply.status(err.status).send({ errorMsg: { [err.key]: [err.message] } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errorMsg: Record<string, string[]> = {};
      for (const v of err.validation) {
        const path =
          (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
          (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
          err.validationContext ||
          'body';
        const key = path || 'body';
        (errorMsg[key] ??= []).push(v.message ?? 'Invalid value');
      }
      return reply.status(400).send({ errorMsg });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'reply did not match its schema');
      return reply.status(500).send({ errorMsg: { server: ['Internal server error'] } });
    }
    const code = err.code ?? '';
    // PostgreSQL refuses NUL and untranslatable characters in text (SQLSTATE 22021, 22P05): that is bad input, not a server fault.
    if (pgCode(err) === '22021' || pgCode(err) === '22P05') {
      return reply.status(400).send({ errorMsg: { request: [messages.server.invalidCharacters] } });
    }
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError)) {
      return reply.status(400).send({ errorMsg: { body: [messages.server.malformedJson] } });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413) {
      return reply.status(413).send({ errorMsg: { body: [messages.server.bodyTooLarge] } });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      return reply.status(415).send({ errorMsg: { body: [err.message] } });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ errorMsg: { request: [err.message] } });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_MULTIPART_INVALID_CONTENT_TYPE' || /boundary|multipart/i.test(err.message ?? '')) {
      // No or a truncated boundary is the client's mistake: a 400, never a 500.
      return reply.status(400).send({ errorMsg: { body: [messages.security.multipartMalformed] } });
    }
    if ((err instanceof RangeError && /invalid time value|date/i.test(err.message)) || pgCode(err) === '22008' || pgCode(err) === '22007') {
      // A date PostgreSQL or JavaScript cannot represent (year 0, year 300000): bad input.
      return reply.status(400).send({ errorMsg: { date: [messages.security.dateOutOfRange] } });
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting, failing over, or every pooled connection busy past the connect timeout:
      // the request is refused at once with a time to come back, never left hanging.
      req.log.warn({ err: withoutParams(err) }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ errorMsg: { server: [messages.server.unavailable] } });
    }
    if (isStorageFull(err)) {
      req.log.warn({ err }, 'storage full');
      return reply.status(507).send({ errorMsg: { storage: [messages.server.storageFull] } });
    }
    req.log.error({ err: withoutParams(err) }, 'unhandled error');
    return reply.status(500).send({ errorMsg: { server: ['Internal server error'] } });
  });
});

/**
 * A database error as logged: drizzle's message and `params` carry the query's values (a
 * `candidateAPIKey`, an email); only the SQL text and the PostgreSQL error are kept.
 */
function withoutParams(err: unknown): unknown {
  const e = err as { name?: string; query?: string; cause?: unknown; params?: unknown; stack?: string };
  if (!e || typeof e !== 'object' || !('params' in e)) return err;
  const clean = new Error(`Failed query: ${e.query ?? '(unknown)'}`);
  clean.name = e.name ?? 'DatabaseError';
  const cause = e.cause as { message?: string; code?: string } | undefined;
  return { type: clean.name, message: clean.message, cause: cause ? { message: cause.message, code: cause.code } : undefined };
}

/** The SQLSTATE of a node-postgres error, also when drizzle wraps it (DrizzleQueryError.cause). */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
