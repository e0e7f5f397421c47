import type { CreateClientRequest } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { isReservedSlug } from '@hh/contract/roles';
import type { clients } from '../db/schema/core.ts';
import { badRequest } from '../lib/app-error.ts';

type ClientInsert = Partial<typeof clients.$inferInsert>;

/** Contract fields -> column values (the names match; only dates need converting). */
export function clientValues(input: Partial<CreateClientRequest>): ClientInsert {
  const { candidateAPIKeyRenewalDate, ...rest } = input;
  const out: ClientInsert = { ...(rest as ClientInsert) };
  if (candidateAPIKeyRenewalDate !== undefined) out.candidateAPIKeyRenewalDate = candidateAPIKeyRenewalDate ? new Date(candidateAPIKeyRenewalDate) : null;
  return out;
}

const MAX_LOGGED_VALUE = 10_000;

/**
 * The secret API key never enters the activity log, only the fact that it changed. Very large
 * values (the client update accepts 25 MB bodies) are summarised, so the log stays small.
 */
export function redactChanges(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(changes)) {
    if (k === 'candidateAPIKey') out[k] = '[changed]';
    else out[k] = JSON.stringify(v ?? null).length > MAX_LOGGED_VALUE ? '[large value changed]' : v;
  }
  return out;
}

/** The request's own fields of an operation's input, without what route() adds (actor, clientId, caller, upload). */
export function requestFields<T extends Record<string, unknown>>(
  input: T,
): Omit<T, 'actor' | 'clientId' | 'clientIdSelected' | 'caller' | 'upload' | 'readUpload'> {
  const { actor: _a, clientId: _c, clientIdSelected: _s, caller: _r, upload: _u, readUpload: _f, ...fields } = input;
  return fields;
}

export function assertSlugNotReserved(slug: string): void {
  if (isReservedSlug(slug)) throw badRequest('clients', messages.server.slugReserved(slug));
}
