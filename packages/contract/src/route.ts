import type { z } from 'zod';

/**
 * The route table (decision 0006): every call of the API is one entry, written once here and used
 * by both sides. The server registers its Fastify route from the entry (`route()` in
 * apps/server/src/plugins/route.ts), so validation, the reply serialiser and the OpenAPI document
 * come from it; the portal calls `api(entry, input)` (apps/web/src/lib/api.ts) with the input and
 * reply types inferred from the same schemas, and builds TanStack Query keys with `queryKey(entry)`.
 */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface RouteDef {
  method: Method;
  /** The spec's path, in Fastify's syntax (`/api/crm/candidates/:id`). */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body; omitted for multipart and bodiless calls. */
  body?: z.ZodType;
  /** The call takes `multipart/form-data` (the portal sends FormData; the route reads the parts). */
  multipart?: true;
  /** The success status and its reply schema; `null` for a reply that is not JSON (a stream, a file, 204). */
  status: SuccessStatus;
  reply: z.ZodType | null;
  /** Every error status the call may answer, each with the `{ errorMsg }` envelope. */
  errors: readonly ErrorStatus[];
  /** Who may call it without a session; the default is a signed-in user. */
  auth?: 'public' | 'optional';
  tags: readonly string[];
  summary?: string;
}

/** Declares one call; the literal types of the entry are kept, so both sides infer from it. */
export const defineRoute = <const R extends RouteDef>(r: R): R => r;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What the route's handler receives (after validation) … */
export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
/** … what it may return (before the reply schema's serialisation) … */
export type RouteResult<R extends RouteDef> = R['reply'] extends z.ZodType ? z.input<R['reply']> : undefined;
/** … and what the caller receives. */
export type RouteReply<R extends RouteDef> = R['reply'] extends z.ZodType ? z.output<R['reply']> : undefined;

/** What the caller sends: path parameters, query and body, each only where the entry has one. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: In<R['params']> } : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: In<R['query']> } : { query?: never }) &
  (R['multipart'] extends true ? { body: FormData } : R['body'] extends z.ZodType ? { body: In<R['body']> } : { body?: never });

/** Fills `:name` segments from `params` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === null || v === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** The errors most signed-in calls can answer: bad input, no session, no right, not found (or another tenant's), conflict. */
export const SIGNED_IN_ERRORS = [400, 401, 403, 404, 409] as const;
