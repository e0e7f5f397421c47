import type { Client, UpdateClientRequest } from '@hh/contract/clients';

/** Editable text fields of a client (core spec §3), as form strings. Empty means null. */
export const textFields = [
  'name',
  'nameSlug',
  'domainURL',
  'jobBoardDomain',
  'virtualAppName',
  'phoneNumber',
  'timeZone',
  'industry',
  'contractNumber',
  'jobsFeedUrl',
  'candidateAPIPublicKey',
  'ga4MeasurementId',
  'utmSource',
  'utmMedium',
] as const;
export type TextField = (typeof textFields)[number];
export const addressFields = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;
export const boolFields = ['applicantResume', 'quickApplyOption', 'aiSearch', 'sso'] as const;
/** Structured fields edited as JSON. */
export const jsonFields = ['selectedIndeedQuestions', 'mediaLibraryData', 'pageSummary', 'indeedApplyQuestionsGroups', 'defaultIndeedApplyQuestions'] as const;

export interface ClientForm {
  text: Record<TextField, string>;
  address: Record<(typeof addressFields)[number], string>;
  bools: Record<(typeof boolFields)[number], boolean>;
  json: Record<(typeof jsonFields)[number], string>;
  status: 'Active' | 'Suspended';
  accountManagers: string[];
  unreadConversationsCount: number;
  candidateAPIKey: string;
  candidateAPIKeyRenewalDate: string;
}

export function toForm(c: Client): ClientForm {
  const text = Object.fromEntries(textFields.map((f) => [f, (c[f] as string | null) ?? ''])) as ClientForm['text'];
  const address = Object.fromEntries(addressFields.map((f) => [f, c.address?.[f] ?? ''])) as ClientForm['address'];
  const bools = Object.fromEntries(boolFields.map((f) => [f, !!c[f]])) as ClientForm['bools'];
  const json = Object.fromEntries(jsonFields.map((f) => [f, JSON.stringify(c[f] ?? null, null, 2)])) as ClientForm['json'];
  return {
    text,
    address,
    bools,
    json,
    status: c.status,
    accountManagers: c.accountManagers,
    unreadConversationsCount: c.unreadConversationsCount,
    candidateAPIKey: '',
    candidateAPIKeyRenewalDate: c.candidateAPIKeyRenewalDate ? c.candidateAPIKeyRenewalDate.slice(0, 10) : '',
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** Builds the PATCH /api/client/update body; throws a field-keyed error for invalid JSON. */
export function fromForm(id: string, f: ClientForm): UpdateClientRequest {
  const body: Record<string, unknown> = { _id: id };
  for (const k of textFields) body[k] = k === 'name' || k === 'nameSlug' ? f.text[k].trim() : orNull(f.text[k]);
  body.address = Object.fromEntries(addressFields.map((k) => [k, orNull(f.address[k])]));
  for (const k of boolFields) body[k] = f.bools[k];
  for (const k of jsonFields) {
    try {
      body[k] = JSON.parse(f.json[k] || 'null');
    } catch {
      throw new JsonFieldError(k);
    }
    if (body[k] === null && (k === 'selectedIndeedQuestions' || k === 'pageSummary' || k === 'indeedApplyQuestionsGroups')) body[k] = [];
  }
  body.status = f.status;
  body.accountManagers = f.accountManagers;
  body.unreadConversationsCount = f.unreadConversationsCount;
  if (f.candidateAPIKey.trim()) body.candidateAPIKey = f.candidateAPIKey.trim();
  body.candidateAPIKeyRenewalDate = f.candidateAPIKeyRenewalDate ? new Date(`${f.candidateAPIKeyRenewalDate}T00:00:00Z`).toISOString() : null;
  return body as UpdateClientRequest;
}

export class JsonFieldError extends Error {
  constructor(public readonly field: string) {
    super(`${field} is not valid JSON`);
  }
}
