import { messages } from '@hh/contract/messages';
import { CAMPAIGN_MERGE_FIELDS } from '@hh/contract/crm';
import { escapeHtml } from '@hh/html/escape';
import { badRequest } from '../../lib/app-error.ts';

export type MergeKey = (typeof CAMPAIGN_MERGE_FIELDS)[number]['key'];
export type MergeValues = Record<MergeKey, string>;

const KEYS = new Set<string>(CAMPAIGN_MERGE_FIELDS.map((f) => f.key));
const FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Refuses a subject or body naming a field we cannot fill (a typo would reach every candidate as "{{fristName}}"). */
export function checkMergeFields(field: 'subject' | 'body', text: string): void {
  for (const m of text.matchAll(FIELD)) if (!KEYS.has(m[1])) throw badRequest(field, messages.crm.mergeFieldUnknown(m[1]));
}

/** Fills {{field}} placeholders; in HTML each value is escaped (a candidate's name is data, never markup). */
export function fillMergeFields(text: string, values: MergeValues, mode: 'html' | 'text'): string {
  return text.replace(FIELD, (whole, key: string) => {
    if (!KEYS.has(key)) return whole;
    const v = values[key as MergeKey] ?? '';
    return mode === 'html' ? escapeHtml(v) : v;
  });
}
