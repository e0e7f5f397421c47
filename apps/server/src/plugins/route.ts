import { errorReply } from '@hh/contract/common';
import { messages } from '@hh/contract/messages';
import type { RouteDef } from '@hh/contract/route';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { type Deps, depsOf } from '../core/deps.ts';
import { Answer, type Caller, type Operation, type OperationInput } from '../core/operation.ts';
import { badRequest } from '../lib/app-error.ts';
import { type UploadLimits, readUpload } from './upload.ts';
import { isUuid } from '../lib/uuid.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry the route was registered from (decision 0006). */
    contract?: RouteDef;
  }
}

/** What a route may add to its entry: Fastify's own options (body limit, hooks, a hidden or widened schema), and a multipart call's limits. */
export interface RouteExtras extends Omit<RouteShorthandOptions, 'schema' | 'config'> {
  config?: Omit<FastifyContextConfig, 'auth' | 'contract'>;
  schema?: Pick<FastifySchema, 'hide' | 'summary' | 'description' | 'response'>;
  /** For an entry with `multipart: true`: how `readUpload` reads the form (required there). */
  upload?: UploadLimits;
  /** The error key of a malformed `X-Client-Id` (400), for calls whose spec keys their errors by domain; `clientId` when omitted. */
  clientIdKey?: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);

/**
 * The one place where body, query, path and `X-Client-Id` become `clientId` (core spec §7): the
 * first the call names, in the order path, body, query, header. The header only selects; rights are
 * checked on the id by `requireClient` like on any other (DESIGN.md "The API contract").
 */
export function clientIdOfCall(params: unknown, body: unknown, query: unknown, headers: FastifyRequest['headers'], key = 'clientId'): string | undefined {
  for (const source of [params, body, query]) {
    if (isPlainObject(source) && typeof source.clientId === 'string' && source.clientId) return source.clientId;
  }
  const h = headers['x-client-id'];
  const id = typeof h === 'string' ? h.trim() : '';
  if (!id) return undefined;
  if (!isUuid(id)) throw badRequest(key, messages.server.invalidId);
  return id;
}

/** The call's facts an operation may read, without the Fastify request. */
export function callerOf(req: FastifyRequest): Caller {
  return {
    ip: req.ip,
    protocol: req.protocol,
    hostname: req.hostname,
    method: req.method,
    url: req.url,
    headers: req.headers,
    cookies: (req as { cookies?: Record<string, string | undefined> }).cookies ?? {},
    ...(Buffer.isBuffer(req.body) ? { rawBody: req.body } : {}),
    ...(req.validationError ? { validationError: req.validationError.validation?.[0]?.message ?? req.validationError.message } : {}),
  };
}

/** Builds an operation's input from the request: params, query and body in one object, with actor, clientId and caller. */
export async function inputOf<R extends RouteDef>(req: FastifyRequest, entry: R, limits?: UploadLimits, clientIdKey?: string): Promise<OperationInput<R>> {
  const { params, query, body } = req;
  const input: Record<string, unknown> = {
    ...(isPlainObject(query) ? query : {}),
    ...(isPlainObject(body) ? body : {}),
    ...(isPlainObject(params) ? params : {}),
  };
  const upload = entry.multipart && !limits?.deferred ? await readUpload(req, limits ?? {}) : undefined;
  const named = clientIdOfCall(params, body, query, {});
  // Public calls (career sites, sign-in) never take the portal's selected client, nor refuse a malformed one.
  const selected = named || entry.auth === 'public' ? undefined : clientIdOfCall(undefined, undefined, undefined, req.headers, clientIdKey);
  const clientId = named ?? selected ?? (typeof upload?.fields.clientId === 'string' && upload.fields.clientId ? upload.fields.clientId : undefined);
  input.actor = req.actor;
  input.clientId = clientId;
  input.clientIdSelected = selected !== undefined;
  input.caller = callerOf(req);
  input.upload = upload;
  if (limits && (!entry.multipart || limits.deferred)) input.readUpload = () => readUpload(req, limits);
  return input as OperationInput<R>;
}

/** Applies an operation's `answer({...})` to the reply. */
function send(reply: FastifyReply, a: Answer): FastifyReply {
  const s = a.spec;
  for (const c of s.clearCookies ?? []) reply.clearCookie(c.name, c.options);
  for (const c of s.setCookies ?? []) reply.setCookie(c.name, c.value, c.options);
  for (const [k, v] of Object.entries(s.headers ?? {})) reply.header(k, v);
  for (const k of s.removeHeaders ?? []) reply.removeHeader(k);
  if (s.redirect) return reply.redirect(s.redirect, s.status ?? 302);
  if (s.status) reply.status(s.status);
  if (s.type) reply.type(s.type);
  // 204 and 304 carry no body (and so no content type or length).
  if (s.body === undefined && (s.status === 204 || s.status === 304)) return reply.send();
  return reply.send(s.body === undefined ? null : s.body);
}

function register<R extends RouteDef>(
  app: FastifyInstance,
  entry: R,
  extras: RouteExtras,
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  const { config, schema: extraSchema, upload: _upload, clientIdKey: _clientIdKey, ...options } = extras;
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
      const out = await handler(req, reply);
      if (out === undefined && !reply.sent) return reply.send();
      return out;
    },
  });
}

/**
 * Registers the Fastify route of one route table entry and names the operation that answers it:
 * method, path, the request schemas (validated), the reply schema (serialised: fields it does not
 * declare never leave), the `{ errorMsg }` reply of each error status, the OpenAPI tags and who may
 * call it. The operation's input and result are typed from the entry (core/operation.ts); the
 * entry's success status is set before it runs; an `Answer` it returns is applied to the reply.
 */
export function route<R extends RouteDef>(app: FastifyInstance, entry: R, operation: Operation<R, keyof Deps>, extras: RouteExtras = {}): void {
  const deps = depsOf(app);
  register(app, entry, extras, async (req, reply) => {
    const out = await operation(deps, await inputOf(req, entry, extras.upload, extras.clientIdKey));
    return out instanceof Answer ? send(reply, out) : out;
  });
}
