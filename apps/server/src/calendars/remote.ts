import { BUSY_HORIZON_DAYS, ICS_MAX_BYTES } from '@hh/contract/calendars';
import { messages } from '@hh/contract/messages';
import { createDAVClient } from 'tsdav';
import type { Deps } from '../core/deps.ts';
import { GuardedFetchError, guardedFetch } from '../core/security/guarded-fetch.ts';
import { type AppError, badRequest } from '../lib/app-error.ts';
import { busyFromIcs, IcsError, type IcsLimits, type Interval } from './ics-busy.ts';
import { ownInterviewUid } from './own-events.ts';

/**
 * Reading calendars from outside: every request (CalDAV through tsdav, and ICS feeds) goes through
 * the guarded outbound client (core/security/guarded-fetch.ts): public http(s) addresses only,
 * checked after DNS and on every redirect, a size cap per answer and one time limit for the whole
 * read. Every failure becomes a 400 with a message in words (messages.calendars); the detail goes to
 * the log only.
 */
const m = messages.calendars;
/** One read of a calendar (discovery and every request of it) must finish within this. */
const READ_TIME_LIMIT_MS = 20_000;
/** The most busy intervals kept per connection, and the most occurrences stepped through per read. */
export const MAX_INTERVALS = 5000;
const OCCURRENCE_BUDGET = 20_000;

type OutboundDeps = Pick<Deps, 'config' | 'log'>;

export interface CalDavCredentials {
  serverUrl: string;
  username: string;
  password: string;
}

export const horizon = (now = new Date()) => ({ from: now, to: new Date(now.getTime() + BUSY_HORIZON_DAYS * 86_400_000) });

const limits = (deps: OutboundDeps): IcsLimits => ({ budget: { left: OCCURRENCE_BUDGET }, maxIntervals: MAX_INTERVALS, skipUid: ownInterviewUid(deps.config) });

function guardedError(detail: string, kind: 'caldav' | 'ics'): AppError {
  if (/refused address|address .* refused|scheme .* refused/.test(detail)) return badRequest('calendars', m.privateAddress);
  if (/time limit/.test(detail)) return badRequest('calendars', m.timedOut);
  if (/over the limit|body over/.test(detail)) return badRequest('calendars', m.feedTooLarge(ICS_MAX_BYTES / 1024 / 1024));
  if (kind === 'caldav' && /answered 40[13]/.test(detail)) return badRequest('calendars', m.wrongPassword);
  if (kind === 'caldav' && /answered (404|405|501)/.test(detail)) return badRequest('calendars', m.notCalDav);
  return badRequest('calendars', kind === 'caldav' ? m.unreachable : m.feedUnreachable);
}

/** The first GuardedFetchError in an error's cause chain (tsdav may wrap what the fetch threw). */
function findGuarded(e: unknown): GuardedFetchError | null {
  for (let cur = e, i = 0; cur && i < 5; cur = (cur as { cause?: unknown }).cause, i++) if (cur instanceof GuardedFetchError) return cur;
  return null;
}

export function calDavError(deps: OutboundDeps, e: unknown): AppError {
  const g = findGuarded(e);
  deps.log.info({ err: g?.detail ?? String(e) }, 'calendar: CalDAV read failed');
  if (g) return guardedError(g.detail, 'caldav');
  const text = e instanceof Error ? e.message : String(e);
  if (/Invalid credentials|401|403/.test(text)) return badRequest('calendars', m.wrongPassword);
  return badRequest('calendars', m.notCalDav);
}

/** A `fetch` for tsdav that goes through the guarded client, within one deadline. */
function guardedDavFetch(deps: OutboundDeps, deadline: number): typeof fetch {
  const allow = deps.config.OUTBOUND_ALLOW.split(',');
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = init?.body == null ? undefined : typeof init.body === 'string' ? init.body : new Uint8Array(await new Response(init.body).arrayBuffer());
    const res = await guardedFetch(url, {
      method: init?.method ?? 'GET',
      headers,
      body,
      allow,
      maxBytes: Math.min(ICS_MAX_BYTES, deps.config.OUTBOUND_MAX_BYTES),
      timeoutMs: Math.max(1, Math.min(deps.config.OUTBOUND_TIMEOUT_MS, deadline - Date.now())),
      maxRedirects: 3,
      publicMessage: m.unreachable,
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(new Uint8Array(res.body), { status: res.status, headers: out });
  }) as typeof fetch;
}

export async function davClient(deps: OutboundDeps, creds: CalDavCredentials) {
  const deadline = Date.now() + READ_TIME_LIMIT_MS;
  try {
    return await createDAVClient({
      serverUrl: creds.serverUrl,
      credentials: { username: creds.username, password: creds.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: guardedDavFetch(deps, deadline),
    });
  } catch (e) {
    throw calDavError(deps, e);
  }
}

/** Signs in and lists the account's event calendars. */
export async function discoverCalDav(deps: OutboundDeps, creds: CalDavCredentials): Promise<{ url: string; name: string }[]> {
  const client = await davClient(deps, creds);
  try {
    const calendars = await client.fetchCalendars();
    return calendars
      .filter((c) => !c.components || c.components.includes('VEVENT'))
      .map((c) => ({
        url: c.url,
        name:
          (typeof c.displayName === 'string' && c.displayName.trim()) ||
          decodeURIComponent(new URL(c.url).pathname.split('/').filter(Boolean).pop() ?? 'Calendar'),
      }));
  } catch (e) {
    throw calDavError(deps, e);
  }
}

/** The busy intervals of one CalDAV calendar over the horizon. */
export async function readCalDavBusy(deps: OutboundDeps, creds: CalDavCredentials, calendarUrl: string, now = new Date()): Promise<Interval[]> {
  const { from, to } = horizon(now);
  const client = await davClient(deps, creds);
  let objects: { data?: unknown }[];
  try {
    objects = await client.fetchCalendarObjects({ calendar: { url: calendarUrl }, timeRange: { start: from.toISOString(), end: to.toISOString() } });
  } catch (e) {
    throw calDavError(deps, e);
  }
  const out: Interval[] = [];
  const l = limits(deps);
  for (const o of objects) {
    if (typeof o.data !== 'string' || !o.data.trim()) continue;
    try {
      busyFromIcs(o.data, from, to, l, out);
    } catch (e) {
      if (e instanceof IcsError && e.kind === 'too_many') throw badRequest('calendars', m.tooManyEvents(MAX_INTERVALS));
      // One unreadable object on a server does not hide the rest of the calendar.
      deps.log.info({ err: String(e) }, 'calendar: unreadable CalDAV object skipped');
    }
  }
  return out;
}

/** Fetches an ICS feed (guarded, size-capped) and reads its busy intervals over the horizon. */
export async function readIcsBusy(deps: OutboundDeps, url: string, now = new Date()): Promise<Interval[]> {
  const { from, to } = horizon(now);
  let text: string;
  try {
    const res = await guardedFetch(url, {
      allow: deps.config.OUTBOUND_ALLOW.split(','),
      maxBytes: Math.min(ICS_MAX_BYTES, deps.config.OUTBOUND_MAX_BYTES),
      timeoutMs: Math.min(deps.config.OUTBOUND_TIMEOUT_MS, READ_TIME_LIMIT_MS),
      maxRedirects: 3,
      headers: { accept: 'text/calendar, */*;q=0.5' },
      publicMessage: m.feedUnreachable,
    });
    text = res.body.toString('utf8');
  } catch (e) {
    const g = findGuarded(e);
    deps.log.info({ err: g?.detail ?? String(e) }, 'calendar: ICS feed fetch failed');
    throw g ? guardedError(g.detail, 'ics') : badRequest('calendars', m.feedUnreachable);
  }
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 200).replace(/^\uFEFF/, ''))) throw badRequest('calendars', m.feedMalformed);
  try {
    return busyFromIcs(text, from, to, limits(deps));
  } catch (e) {
    if (e instanceof IcsError && e.kind === 'too_many') throw badRequest('calendars', m.tooManyEvents(MAX_INTERVALS));
    throw badRequest('calendars', m.feedMalformed);
  }
}
