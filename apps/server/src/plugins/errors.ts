import { messages } from '@hh/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

/**
 * The one error mapper (CONVENTIONS §5): AppError -> its status and `errorMsg`,
 * validation -> 400 keyed by field, framework errors -> their 4xx, anything else -> 500
 * with no internals leaked.
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
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ errorMsg: { server: ['Internal server error'] } });
  });
});

/** The SQLSTATE of a node-postgres error, also when drizzle wraps it (DrizzleQueryError.cause). */
function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
