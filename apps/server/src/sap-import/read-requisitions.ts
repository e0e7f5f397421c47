import { messages } from '@hh/contract/messages';
import type { Config } from '../config.ts';
import { GuardedFetchError, guardedFetch } from '../core/security/guarded-fetch.ts';
import type { SapImportSettingsRow } from '../db/schema/sap-import.ts';
import { sapSecrets } from './sap-settings.ts';

const m = messages.sapImport;
/** Pages of requisitions read in one import; SuccessFactors serves 1,000 per page by default. */
export const MAX_PAGES = 200;
/** Bytes of one page. */
const PAGE_MAX_BYTES = 20 * 1024 * 1024;

type Raw = Record<string, unknown>;
const str = (v: unknown): string | undefined => {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
};
/** OData v2 expands a navigation property as `{ results: [...] }`, or a single object. */
const expanded = (v: unknown): Raw[] => {
  if (Array.isArray(v)) return v as Raw[];
  if (v && typeof v === 'object') {
    const r = (v as Raw).results;
    if (Array.isArray(r)) return r as Raw[];
    return [v as Raw];
  }
  return [];
};
/** A picklist value (`{ externalCode }`, expanded `{ results: [{ externalCode }] }`) or a plain value. */
const pick = (v: unknown): string | undefined => str(v) ?? str(expanded(v)[0]?.externalCode) ?? str(expanded(v)[0]?.label);
/** OData v2 dates: `/Date(1700000000000)/` or `/Date(1700000000000+0000)/`. */
const odataDate = (v: unknown): string | undefined => {
  const s = str(v);
  if (!s) return undefined;
  const d = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(s);
  if (d) return new Date(Number(d[1])).toISOString().slice(0, 10);
  return s;
};

/**
 * One SuccessFactors JobRequisition (OData v2, with `jobReqLocale` expanded) as a record of the job
 * import pipeline. Missing facts stay missing: the pipeline reports them by row (a requisition with
 * no title, for instance), so a broken requisition is never half-imported.
 */
export function requisitionRecord(r: Raw): Record<string, string> {
  const locales = expanded(r.jobReqLocale);
  const locale = locales.find((l) => /^en/i.test(str(l.locale) ?? '')) ?? locales[0] ?? {};
  const id = str(r.jobReqId);
  const fields: Record<string, string | undefined> = {
    referenceNumber: id ? `SAP-${id}` : undefined,
    requisitionId: id,
    title: str(locale.externalTitle) ?? str(locale.jobTitle) ?? str(r.jobTitle) ?? str(r.externalTitle),
    description: str(locale.externalJobDescription) ?? str(locale.jobDescription) ?? str(r.externalJobDescription) ?? str(r.jobDescription),
    department: pick(r.department),
    category: pick(r.division) ?? pick(r.function),
    city: str(r.city),
    state: pick(r.stateProvince) ?? pick(r.state),
    zipCode: str(r.postalcode) ?? str(r.postalCode) ?? str(r.zipCode),
    country: pick(r.country),
    salaryMin: str(r.salaryMin),
    salaryMax: str(r.salaryMax),
    salaryCurrency: pick(r.currency),
    datePosted: odataDate(r.createdDateTime),
    validThrough: odataDate(r.closedDateTime) ?? odataDate(r.deliveryDate),
    recruiterEmail: str(r.recruiterEmail),
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The guarded client's failure detail, in SAP's words for the user. */
function sapMessage(detail: string): string {
  if (/refused address|address .* refused|scheme .* refused/.test(detail)) return m.privateAddress;
  if (/time limit/.test(detail)) return m.timedOut;
  if (/over the limit|body over/.test(detail)) return m.tooLarge;
  const status = /answered (\d{3})/.exec(detail);
  if (status && (status[1] === '401' || status[1] === '403')) return m.refused;
  if (status) return m.answered(Number(status[1]));
  return m.unreachable;
}

const failure = (message: string, detail: string) => new GuardedFetchError(message, detail);

/**
 * Reads every open requisition from the client's OData service, following `__next` (on the same
 * host only: the next page must not carry the password elsewhere), through the guarded outbound
 * client. The result is a JSON array of import records, one per line, so the pipeline's line
 * numbers are the requisitions' positions in SAP's answer (the first is line 1).
 */
export async function readRequisitions(deps: { config: Config }, row: SapImportSettingsRow): Promise<{ content: string; hint: string }> {
  const c = deps.config;
  const password = sapSecrets(c).open(row.passwordSealed);
  const auth = `Basic ${Buffer.from(`${row.username}@${row.companyId}:${password}`).toString('base64')}`;
  const root = new URL(row.baseUrl.replace(/\/+$/, ''));
  const first = new URL(`${root.pathname}/JobRequisition`, root);
  first.searchParams.set('$format', 'json');
  first.searchParams.set('$expand', 'jobReqLocale');
  const records: Record<string, string>[] = [];
  let next: string | null = first.href;
  for (let page = 0; next; page++) {
    if (page >= MAX_PAGES) throw failure(m.tooManyPages(MAX_PAGES), `more than ${MAX_PAGES} pages`);
    let res: Awaited<ReturnType<typeof guardedFetch>>;
    try {
      res = await guardedFetch(next, {
        maxBytes: Math.min(PAGE_MAX_BYTES, c.OUTBOUND_MAX_BYTES),
        timeoutMs: c.OUTBOUND_TIMEOUT_MS,
        allow: c.OUTBOUND_ALLOW.split(','),
        maxRedirects: 0,
        publicMessage: m.unreachable,
        headers: { Accept: 'application/json', Authorization: auth },
      });
    } catch (err) {
      if (err instanceof GuardedFetchError) throw failure(sapMessage(err.detail), err.detail);
      throw err;
    }
    if (res.status < 200 || res.status >= 300) throw failure(sapMessage(`answered ${res.status}`), `answered ${res.status}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw failure(m.notOData, 'not JSON');
    }
    const d = (body as { d?: { results?: unknown; __next?: unknown } } | null)?.d;
    if (!d || !Array.isArray(d.results)) throw failure(m.notOData, 'no d.results');
    for (const r of d.results) records.push(r && typeof r === 'object' && !Array.isArray(r) ? requisitionRecord(r as Raw) : {});
    next = typeof d.__next === 'string' && d.__next ? new URL(d.__next, next).href : null;
    if (next && new URL(next).origin !== root.origin) throw failure(m.nextElsewhere, `__next on ${new URL(next).origin}`);
  }
  // The first record on line 1, each on its own line: errors name the requisition's row in SAP's answer.
  return { content: `[${records.map((r) => JSON.stringify(r)).join(',\n')}]`, hint: 'sap.json' };
}
