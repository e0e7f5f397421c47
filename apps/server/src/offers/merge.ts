import { offerMergeFieldNames } from '@hh/contract/offers';

/** `{{field}}` as the editor's merge-field buttons write it (spaces inside the braces tolerated). */
const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The merge fields a letter names that an offer letter cannot fill, each once. */
export function unknownOfferFields(body: string): string[] {
  const out = new Set<string>();
  for (const m of body.matchAll(FIELD)) if (!offerMergeFieldNames.includes(m[1])) out.add(m[1]);
  return [...out];
}

export type OfferValues = Record<string, string>;

/**
 * The stored (sanitised) letter with every merge field replaced by its value, escaped: a value can
 * never add markup. Values come from a Map of the allowed fields only, so `{{constructor}}` is empty.
 */
export function fillLetter(body: string, values: OfferValues): string {
  const map = new Map(Object.entries(values).filter(([k]) => offerMergeFieldNames.includes(k)));
  return body.replace(FIELD, (_m, field: string) => escapeHtml(map.get(field) ?? ''));
}

/** "85,000.00" style amounts: the currency code is its own merge field. */
export const formatSalary = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "January 15, 2027" for a yyyy-mm-dd day, read as a calendar day (no time zone shift). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The expiry as the letter states it, with its time zone named (UTC). */
export const formatExpiry = (at: Date) =>
  `${at.toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`;
