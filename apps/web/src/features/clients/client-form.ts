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
const addressFields = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;
const boolFields = ['applicantResume', 'quickApplyOption', 'aiSearch', 'sso'] as const;

type ClientForm = {
  text: Record<TextField, string>;
  address: Record<(typeof addressFields)[number], string>;
  bools: Record<(typeof boolFields)[number], boolean>;
  status: 'Active' | 'Suspended';
  accountManagers: string[];
  candidateAPIKey: string;
  candidateAPIKeyRenewalDate: string;
};

export function toForm(c: Client): ClientForm {
  const text = Object.fromEntries(textFields.map((f) => [f, (c[f] as string | null) ?? ''])) as ClientForm['text'];
  const address = Object.fromEntries(addressFields.map((f) => [f, c.address?.[f] ?? ''])) as ClientForm['address'];
  const bools = Object.fromEntries(boolFields.map((f) => [f, !!c[f]])) as ClientForm['bools'];
  return {
    text,
    address,
    bools,
    status: c.status,
    accountManagers: c.accountManagers,
    candidateAPIKey: '',
    candidateAPIKeyRenewalDate: c.candidateAPIKeyRenewalDate ? c.candidateAPIKeyRenewalDate.slice(0, 10) : '',
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * Builds the PATCH /api/client/update body. Structured settings (Indeed questions, media library,
 * page summary) have their own screens and the unread count is computed, so none is sent from here
 * (no JSON in front of recruiters).
 */
export function fromForm(id: string, f: ClientForm): UpdateClientRequest {
  const body: Record<string, unknown> = { _id: id };
  for (const k of textFields) body[k] = k === 'name' || k === 'nameSlug' ? f.text[k].trim() : orNull(f.text[k]);
  body.address = Object.fromEntries(addressFields.map((k) => [k, orNull(f.address[k])]));
  for (const k of boolFields) body[k] = f.bools[k];
  body.status = f.status;
  body.accountManagers = f.accountManagers;
  if (f.candidateAPIKey.trim()) body.candidateAPIKey = f.candidateAPIKey.trim();
  body.candidateAPIKeyRenewalDate = f.candidateAPIKeyRenewalDate ? new Date(`${f.candidateAPIKeyRenewalDate}T00:00:00Z`).toISOString() : null;
  return body as UpdateClientRequest;
}
