import { messages } from '@hh/contract/messages';
import { hasProductRight } from '../../auth/access.ts';
import type { Actor } from '../../auth/actor.ts';
import { forbidden } from '../../lib/app-error.ts';

/**
 * Rights to a candidate's privacy actions (docs/permissions.md "Candidate privacy"), on top of the
 * candidate right (crm/access.ts): admins and recruiters on the clients they access; client staff by
 * their harvest or cultivate role. Export and the audit: editor or above. Erasure and the client's
 * privacy settings (retention, notice): admin of harvest or cultivate.
 */
export const canExport = (actor: Actor) => hasProductRight(actor, 'harvest', 'editor') || hasProductRight(actor, 'cultivate', 'editor');
export const canErase = (actor: Actor) => hasProductRight(actor, 'harvest', 'admin') || hasProductRight(actor, 'cultivate', 'admin');

export function requireExport(actor: Actor, key = 'candidates') {
  if (!canExport(actor)) throw forbidden(key, messages.server.forbidden);
}
export function requireErase(actor: Actor, key = 'candidates') {
  if (!canErase(actor)) throw forbidden(key, messages.server.forbidden);
}
