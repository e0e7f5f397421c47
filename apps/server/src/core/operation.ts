import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResult } from '@hh/contract/route';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from './deps.ts';

/**
 * The one shape of a domain operation (decision 0010):
 *
 *     export const createDepartment: Operation<typeof r.create, 'db'> = async (deps, input) => { … };
 *
 * `deps` names only the parts of the app the operation uses (`Pick<Deps, 'db' | 'mail'>`); `input`
 * is the route entry's path parameters, query and body in one object, plus the signed-in `actor`,
 * the `clientId` the call names and the `caller` facts. `route()` (plugins/route.ts) builds the
 * input once at the edge, so `tsc` checks every operation a route names against its entry. A worker
 * or a test calls the same function with the same two arguments.
 */
export type Operation<R extends RouteDef, D extends keyof Deps = keyof Deps> = (
  deps: Pick<Deps, D>,
  input: OperationInput<R>,
) => Promise<RouteResult<R> | Answer>;

/** Facts about the HTTP call that some operations need (rate keys, audit, conditional GETs), without Fastify. */
export interface Caller {
  ip: string;
  /** 'http' or 'https' as the request arrived (behind a trusted proxy, as it says): cookies are `secure` over HTTPS. */
  protocol: string;
  /** The host the call was made to, without the port (behind a trusted proxy, the forwarded one). */
  hostname: string;
  method: string;
  url: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  cookies: Readonly<Record<string, string | undefined>>;
  /** The body as bytes, when the route's content parser keeps it raw (a signed postback); it is then not spread into the input. */
  rawBody?: Buffer;
  /** For a route registered with `attachValidation` (it answers its own bad input): the first schema failure's message. */
  validationError?: string;
}

/** A multipart call's form, read by `readUpload` (plugins/upload.ts) under the route's limits. */
export interface Upload {
  /** Text fields, each cut to the route's field size. */
  fields: Record<string, string>;
  /** The file part, or null when the form had none. `bytes` in buffer mode, `stream` in stream mode. */
  file: { fieldname: string; filename: string; mimetype: string; bytes?: Buffer; stream?: NodeJS.ReadableStream; truncated?: boolean } | null;
  /** Stream mode: stops reading and drops the rest of the request body, so a refused upload is answered at once. */
  discard?: () => void;
}

/** A schema's output as fields: nothing for an absent schema, every field optional for an optional one. */
type Fields<T> = [T] extends [undefined]
  ? unknown
  : [NonNullable<T>] extends [Record<string, unknown>]
    ? undefined extends T
      ? Partial<NonNullable<T>>
      : NonNullable<T>
    : unknown;

/** The entry's params, query and body in one object (params win over body, body over query). */
export type EntryFields<R extends RouteDef> = OmitEach<Fields<RouteQuery<R>> & Fields<RouteBody<R>> & Fields<RouteParams<R>>, 'clientId'>;

/** `Omit` applied to each member of a union, so a query or body that is a union of shapes keeps each shape's fields. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type OperationInput<R extends RouteDef> = EntryFields<R> & {
  /** The signed-in user; absent only on public and optional-auth entries. */
  actor: R['auth'] extends 'public' | 'optional' ? Actor | undefined : Actor;
  /**
   * The client the call names: path, body, query or the portal's selected client (X-Client-Id, core
   * spec §7), in that order. Only named: `requireClient` checks it and the actor's right to it.
   */
  clientId: string | undefined;
  /**
   * True when `clientId` is only the portal's selected client (X-Client-Id): the call itself named
   * none. A call whose clientId is an optional filter (lists across clients) ignores the selection.
   */
  clientIdSelected?: boolean;
  caller: Caller;
  upload: R['multipart'] extends true ? Upload : undefined;
  /**
   * For a route with an `upload` extra whose entry is not `multipart` (its body is a file sent to a
   * one-time URL), or whose `upload` is `deferred` (then `upload` is not read at the edge): reads the
   * form with those limits when the operation asks, after its own checks.
   */
  readUpload?: () => Promise<Upload>;
};

export interface CookieSet {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

/**
 * A reply that is more than the entry's JSON: a status other than the entry's, a content type, headers,
 * cookies, a redirect, a file or a stream. Operations return `answer({...})`; `route()` applies it.
 */
export class Answer {
  constructor(
    readonly spec: {
      status?: number;
      type?: string;
      headers?: Record<string, string>;
      body?: unknown;
      redirect?: string;
      setCookies?: CookieSet[];
      clearCookies?: { name: string; options: Record<string, unknown> }[];
      /** Headers set earlier in the call (by a hook) that this reply must not carry, e.g. the CSP on a 304. */
      removeHeaders?: string[];
    },
  ) {}
}

export const answer = (spec: Answer['spec']) => new Answer(spec);
