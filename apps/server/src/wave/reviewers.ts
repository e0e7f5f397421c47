import type { Actor } from '../auth/actor.ts';
import { accessibleClientIds, isAdmin } from '../auth/access.ts';
import type { DbDeps } from '../core/deps.ts';

/**
 * Who may review (approve or reject) and manage a client's Wave profiles — the spec leaves it
 * open (§6); our rule (docs/wave.md): global admins, recruiters with access to the client, and
 * the client's own staff whose userTypeWave is 'admin' or 'editor'.
 */
export async function canManageWave({ db }: DbDeps, { actor, clientId }: { actor: Actor; clientId: string }): Promise<boolean> {
  if (isAdmin(actor)) return true;
  if (actor.userTypeGlobal === 'recruiter') return ((await accessibleClientIds(db, actor)) ?? []).includes(clientId);
  return actor.clientId === clientId && (actor.products.wave === 'admin' || actor.products.wave === 'editor');
}

/** Clients whose Wave data the actor may read at all (null: every client). */
export async function waveClientIds({ db }: DbDeps, { actor }: { actor: Actor }): Promise<string[] | null> {
  if (isAdmin(actor)) return null;
  if (actor.userTypeGlobal === 'recruiter') return (await accessibleClientIds(db, actor)) ?? [];
  return actor.clientId ? [actor.clientId] : [];
}
