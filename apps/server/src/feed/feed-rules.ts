/**
 * Feed rules (core spec §7):
 * - "The campaign value is the budget amount (0 when none or not above zero). For indeed-apply jobs
 *   it is prefixed IA."
 * - "Apply URL tagging: sponsored jobs (budget above 0) get utm_source Indeed, sponsored ppc and a
 *   sponsored campaign. Indeed-apply-enabled but unsponsored jobs get a quick-apply source and
 *   campaign. Others get an organic campaign. The source is set to {host}."
 * The exact parameter values are ours (the spec names them only); they live here, once.
 */
export type JobKind = 'sponsored' | 'quickApply' | 'organic';

export const UTM: Record<JobKind, { utm_source: string; utm_medium: string; utm_campaign: string }> = {
  sponsored: { utm_source: 'Indeed', utm_medium: 'sponsored_ppc', utm_campaign: 'indeed_sponsored' },
  quickApply: { utm_source: 'indeed_quick_apply', utm_medium: 'organic', utm_campaign: 'indeed_quick_apply' },
  organic: { utm_source: 'Indeed', utm_medium: 'organic', utm_campaign: 'indeed_organic' },
};

export const budgetAmount = (budget: string | number | null | undefined): number => {
  const n = budget == null ? 0 : Number(budget);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function jobKind(budget: string | number | null | undefined, indeedApply: boolean): JobKind {
  if (budgetAmount(budget) > 0) return 'sponsored';
  return indeedApply ? 'quickApply' : 'organic';
}

/** "250.00", "IA250.00", "0", "IA0". */
export function campaignValue(budget: string | number | null | undefined, indeedApply: boolean): string {
  const n = budgetAmount(budget);
  const amount = n > 0 ? n.toFixed(2) : '0';
  return indeedApply ? `IA${amount}` : amount;
}

/** The job URL with the UTM parameters of its kind and `source={host}`; existing UTM values are replaced. */
export function trackedUrl(url: string, kind: JobKind, host: string): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(UTM[kind])) u.searchParams.set(k, v);
  u.searchParams.set('source', host);
  return u.toString();
}

/** The query string trackedUrl adds to a URL without one, computed once per feed for each kind. */
export function trackingQueries(host: string): Record<JobKind, string> {
  const q = (kind: JobKind) => new URLSearchParams({ ...UTM[kind], source: host }).toString();
  return { sponsored: `?${q('sponsored')}`, quickApply: `?${q('quickApply')}`, organic: `?${q('organic')}` };
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (only *-._ and alphanumerics stay as they are). */
export function formEncode(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * INTEGRATION POINT (lead): the public job URL. For now `${publicUrl}/${nameSlug}/job/${jobId}`;
 * point this at the career-site helper's URL builder when the sites domain lands.
 */
export const feedUrl = (publicUrl: string, nameSlug: string) => `${publicUrl}/${encodeURIComponent(nameSlug)}/indeed-apply/xml`;
export const postUrl = (publicUrl: string, nameSlug: string) => `${publicUrl}/api/indeed-apply/${encodeURIComponent(nameSlug)}`;

/** The screener-questions URL Indeed fetches: the client is named by ?nameSlug= (see routes.ts). */
export function questionsUrl(publicUrl: string, nameSlug: string, questionsListId: string): string {
  const base = `${publicUrl}/media/indeed-apply/questions`;
  const path = questionsListId === 'default' ? base : `${base}/${encodeURIComponent(questionsListId)}`;
  return `${path}?nameSlug=${encodeURIComponent(nameSlug)}`;
}

/** Indeed caps jobTitle, jobCompanyName and jobLocation at 50 characters. */
export const cap = (s: string, n = 50) => (s.length > n ? s.slice(0, n) : s);

/**
 * `<indeed-apply-data>` content: "URL-encode parameter values ... & and = used as delimiters are not
 * encoded" (https://docs.indeed.com/indeed-apply/add-indeed-apply). URLSearchParams does exactly that.
 */
export function indeedApplyData(p: {
  apiToken: string;
  jobId: string;
  jobTitle: string;
  jobCompanyName: string;
  jobLocation: string;
  jobUrl: string;
  postUrl: string;
  questionsUrl?: string | null;
}): string {
  let s = `indeed-apply-apiToken=${formEncode(p.apiToken)}`;
  s += `&indeed-apply-jobId=${formEncode(p.jobId)}`;
  s += `&indeed-apply-jobTitle=${formEncode(cap(p.jobTitle))}`;
  s += `&indeed-apply-jobCompanyName=${formEncode(cap(p.jobCompanyName))}`;
  s += `&indeed-apply-jobLocation=${formEncode(cap(p.jobLocation))}`;
  s += `&indeed-apply-jobUrl=${formEncode(p.jobUrl)}`;
  s += `&indeed-apply-postUrl=${formEncode(p.postUrl)}`;
  if (p.questionsUrl) s += `&indeed-apply-questions=${formEncode(p.questionsUrl)}`;
  return s;
}

const money = new Map<string, Intl.NumberFormat>();
function formatMoney(n: number, currency: string): string {
  let f = money.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
    } catch {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
    }
    money.set(currency, f);
  }
  return f.format(n);
}

const salaryMemo = new Map<string, string>();
/** salaryText, memoised: many jobs of a feed share a salary range (bounded, cleared when full). */
export function salaryTextCached(min: string | null, max: string | null, currency: string, period: string | null): string {
  if (min == null && max == null) return '';
  const key = `${min}|${max}|${currency}|${period}`;
  let s = salaryMemo.get(key);
  if (s === undefined) {
    if (salaryMemo.size > 5000) salaryMemo.clear();
    s = salaryText(min, max, currency, period);
    salaryMemo.set(key, s);
  }
  return s;
}

/** "$50,000 - $70,000 per year"; empty when the job shows no salary. */
export function salaryText(min: string | null, max: string | null, currency: string, period: string | null): string {
  const lo = min == null ? null : Number(min);
  const hi = max == null ? null : Number(max);
  let s = '';
  if (lo != null && hi != null && lo !== hi) s = `${formatMoney(lo, currency)} - ${formatMoney(hi, currency)}`;
  else if (lo != null || hi != null) s = formatMoney((lo ?? hi) as number, currency);
  if (s && period) s += ` per ${period}`;
  return s;
}
