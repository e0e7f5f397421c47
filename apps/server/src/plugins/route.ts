import { errorReply } from '@hh/contract/common';
import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@hh/contract/route';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry the route was registered from (decision 0006). */
    contract?: RouteDef;
  }
}

export type RouteRequest<R extends RouteDef> = FastifyRequest<{ Params: RouteParams<R>; Querystring: RouteQuery<R>; Body: RouteBody<R> }>;
/** A handler returns the reply's data (serialised through the entry's reply schema), or the reply it sent itself (streams, files). */
export type RouteHandler<R extends RouteDef> = (req: RouteRequest<R>, reply: FastifyReply) => Promise<RouteResult<R> | FastifyReply | undefined>;

/** What a route may add to its entry: Fastify's own options (body limit, hooks, a hidden or widened schema). */
export interface RouteExtras extends Omit<RouteShorthandOptions, 'schema' | 'config'> {
  config?: Omit<FastifyContextConfig, 'auth' | 'contract'>;
  schema?: Pick<FastifySchema, 'hide' | 'summary' | 'description' | 'response'>;
}

/**
 * Registers the Fastify route of one route table entry: method, path, the request schemas
 * (validated), the reply schema (serialised: fields it does not declare never leave), the
 * `{ errorMsg }` reply of each error status, the OpenAPI tags and who may call it. The handler's
 * request and result are typed from the entry; the entry's success status is set before it runs.
 */
export function route<R extends RouteDef>(app: FastifyInstance, entry: R, handler: RouteHandler<R>, extras: RouteExtras = {}): void {
  const { config, schema: extraSchema, ...options } = extras;
  const response: Record<number, unknown> = {};
  if (entry.reply) response[entry.status] = entry.reply;
  for (const status of entry.errors) response[status] = errorReply;
  Object.assign(response, extraSchema?.response);
  const schema: FastifySchema = { tags: [...entry.tags] };
  // No statuses declared: Fastify's default reply stands (the OpenAPI document shows its 200).
  if (Object.keys(response).length > 0) schema.response = response;
  if (entry.summary) schema.summary = entry.summary;
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.multipart) schema.consumes = ['multipart/form-data'];
  if (extraSchema?.hide) schema.hide = true;
  if (extraSchema?.description) schema.description = extraSchema.description;
  if (extraSchema?.summary) schema.summary = extraSchema.summary;
  app.route({
    ...options,
    method: entry.method,
    url: entry.path,
    config: { ...config, contract: entry, ...(entry.auth ? { auth: entry.auth } : {}) },
    schema,
    handler: async (req, reply) => {
      reply.code(entry.status);
      const out = await handler(req as RouteRequest<R>, reply);
      if (out === undefined && !reply.sent) return reply.send();
      return out;
    },
  });
}
