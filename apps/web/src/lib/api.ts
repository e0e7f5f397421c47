import type { ErrorReply } from '@hh/contract/common';
import { fillPath, type RouteDef, type RouteInput, type RouteReply } from '@hh/contract/route';
import { startLoading, stopLoading } from './loading-bar.ts';
import { reloadAfterServerError } from './reload.ts';
import { runtimeConfig } from './runtime-config.ts';
import { keys } from './storage-keys.ts';
import { tokenStore } from './token-store.ts';

/** A failed call: HTTP status and the server's `errorMsg` (core spec §7 error envelope). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly errorMsg: ErrorReply['errorMsg'],
  ) {
    super(firstMessage(errorMsg) ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
  /** The first message under `key`, if the server sent one. */
  first(key: string): string | undefined {
    return this.errorMsg[key]?.[0];
  }
}

const firstMessage = (m: ErrorReply['errorMsg']) => Object.values(m).flat()[0];

type SessionProblem = { kind: 'expired' } | { kind: 'forbidden'; message: string };
type SessionListener = (p: SessionProblem) => void;
let sessionListener: SessionListener | null = null;
/** The auth provider listens here: a 401 expires the session, a 403 with `errorMsg.auth` forces a logout (spec §6). */
export function onSessionProblem(fn: SessionListener | null) {
  sessionListener = fn;
}

/*
 * While a sign-out runs, the session's own calls (every call that does not opt out of the session
 * rules) are cut: those in flight are aborted and new ones fail at once without leaving the page.
 * Otherwise a poll or refetch that reaches the server after the session ended gets a 401, which the
 * browser reports as an error though nothing went wrong. The gate opens again once the signed-out
 * screen has replaced the signed-in one.
 */
let sessionCalls = new AbortController();
let sessionClosing = false;
/** Aborts the session's calls in flight and holds new ones until `reopenSessionCalls`. */
export function closeSessionCalls() {
  sessionClosing = true;
  sessionCalls.abort();
  sessionCalls = new AbortController();
}
export function reopenSessionCalls() {
  sessionClosing = false;
}
const signedOutError = () => new ApiError(0, { auth: ['You are signed out'] });

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Opt out of the loading bar (core spec §7: "a loading bar shows unless a request opts out"). */
  silent?: boolean;
  /** Send no X-Client-Url / X-Client-Id (core spec §7: the chatbot-calendar page's calls); the call names its client itself. */
  noClientHeaders?: boolean;
  /** Do not turn 401/403 into the session-expired / forced-logout flow (login, boot, logout). */
  ignoreSession?: boolean;
  /** Do not reload the page on 5xx/no response (background polling). */
  noReload?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a delete sent when its Undo window is cut short by leaving). */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: ApiOptions['query']) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return `${runtimeConfig.apiBase}${path}${s ? `?${s}` : ''}`;
}

/** Options of a call through the route table: everything but what the entry decides (method, path, query, body). */
type CallOptions = Omit<ApiOptions, 'method' | 'body' | 'query'>;
type CallArgs<R extends RouteDef> = object extends RouteInput<R> ? [input?: RouteInput<R>, opts?: CallOptions] : [input: RouteInput<R>, opts?: CallOptions];

/**
 * Calls one route table entry (decision 0006): the path parameters are filled in, the query goes
 * in the search string and the body as JSON (FormData for multipart entries); the reply's type is
 * the entry's reply schema.
 */
export function api<R extends RouteDef>(route: R, ...args: CallArgs<R>): Promise<RouteReply<R>>;
export function api(target: RouteDef, ...args: unknown[]): Promise<unknown> {
  const input = (args[0] ?? {}) as { params?: Record<string, unknown>; query?: ApiOptions['query']; body?: unknown };
  const opts = (args[1] ?? {}) as CallOptions;
  return request(fillPath(target.path, input.params), { ...opts, method: target.method, query: input.query, body: input.body });
}

/**
 * Calls a route by its method and path alone, typed by its full route table entry `R`: for the
 * session calls that run on the login page, before any schema is loaded (`sessionCalls` in the
 * contract; importing the entry itself would bring zod and its schemas).
 */
export function callAt<R extends RouteDef>(at: Pick<R, 'method' | 'path'>, ...args: CallArgs<R>): Promise<RouteReply<R>>;
export function callAt(at: Pick<RouteDef, 'method' | 'path'>, ...args: unknown[]): Promise<unknown> {
  return (api as (route: Pick<RouteDef, 'method' | 'path'>, ...rest: unknown[]) => Promise<unknown>)(at, ...args);
}

/**
 * The TanStack Query key of a call, `[path, { ...params, ...query }]`: `queryKey(entry)` is the
 * prefix of every key of that entry, so a mutation invalidates exactly the reads it changes.
 */
export function queryKey<R extends RouteDef>(route: R, input?: RouteInput<R>): readonly unknown[] {
  if (input === undefined) return [route.path];
  const { params, query } = input as { params?: object; query?: object };
  return [route.path, { ...params, ...query }];
}

/**
 * The one fetch wrapper: cookies + Bearer token, X-Client-Url / X-Client-Id (core spec §7),
 * loading bar, error envelope parsing, the reload rule for 5xx / no response (§9) and the
 * session rules for 401 / 403 `auth` (§4, §6).
 */
async function request<T = unknown>(path: string, opts: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = opts.noClientHeaders ? { Accept: 'application/json' } : { Accept: 'application/json', 'X-Client-Url': location.href };
  const selected = opts.noClientHeaders ? null : localStorage.getItem(keys.selectedClientId);
  if (selected) headers['X-Client-Id'] = selected;
  const session = tokenStore.get();
  if (session) headers.Authorization = `Bearer ${session.accessToken}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const ofSession = !opts.ignoreSession;
  if (ofSession && sessionClosing) throw signedOutError();
  const signals = [opts.signal, ofSession ? sessionCalls.signal : undefined].filter((x): x is AbortSignal => x !== undefined);
  if (!opts.silent) startLoading();
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      keepalive: opts.keepalive,
    });
  } catch (err) {
    if (!opts.silent) stopLoading();
    if (ofSession && sessionClosing) throw signedOutError();
    if ((err as Error).name !== 'AbortError' && !opts.noReload) reloadAfterServerError();
    throw new ApiError(0, { network: ['The server could not be reached. Please try again'] });
  }
  if (!opts.silent) stopLoading();
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      console.warn('Non-JSON reply from', path, err);
    }
  }
  if (res.ok) return data as T;
  const errorMsg = (data as Partial<ErrorReply> | null)?.errorMsg ?? { request: [`Request failed with status ${res.status}`] };
  const error = new ApiError(res.status, errorMsg);
  if (res.status >= 500 && !opts.noReload) reloadAfterServerError();
  if (!opts.ignoreSession && sessionListener) {
    if (res.status === 401) sessionListener({ kind: 'expired' });
    else if (res.status === 403 && errorMsg.auth?.length) sessionListener({ kind: 'forbidden', message: errorMsg.auth[0] });
  }
  throw error;
}

/** Text to show for a failed call: the server's first message under `key`, else `fallback`. */
export function errorText(err: unknown, fallback: string, key?: string): string {
  if (err instanceof ApiError && key) return err.first(key) ?? fallback;
  return fallback;
}
