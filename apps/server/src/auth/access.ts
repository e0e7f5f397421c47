import { productRank, type Product, type ProductUserType } from '@hh/contract/roles';
import { messages } from '@hh/contract/messages';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { AppError, forbidden, notFound } from '../lib/app-error.ts';
import type { Actor } from './actor.ts';

/**
 * Authorisation is a filter (docs/permissions.md):
 *   admin     -> every client
 *   recruiter -> clients they created or manage (accountManagers)
 *   user      -> their own client only
 */
export function accessibleClients(actor: Actor): SQL | undefined {
  if (actor.userTypeGlobal === 'admin') return undefined;
  if (actor.userTypeGlobal === 'recruiter') {
    return or(eq(clients.createdBy, actor.id), sql`${actor.id}::uuid = ANY(${clients.accountManagers})`);
  }
  return actor.clientId ? eq(clients.id, actor.clientId) : sql`false`;
}

export type ClientRow = typeof clients.$inferSelect;

/**
 * Loads a client the actor may see, or throws 404: another tenant's id is
 * indistinguishable from a missing one, so ids cannot be probed.
 */
export async function loadAccessibleClient(db: DbOrTx, actor: Actor, clientId: string, key = 'clients'): Promise<ClientRow> {
  const rows =
    'rollback' in db
      ? await db
          .select()
          .from(clients)
          .where(and(eq(clients.id, clientId), accessibleClients(actor)))
          .limit(1)
      : await preparedClientLookup(db, actor, clientId);
  if (!rows[0]) throw notFound(key, messages.server.clientNotFound);
  return rows[0];
}

/**
 * The same lookup as a named prepared statement per role shape (parsed and planned once per
 * connection): this is on the path of nearly every tenant call.
 */
const preparedByDb = new WeakMap<object, ReturnType<typeof prepareClientLookups>>();
function prepareClientLookups(db: Db) {
  const byId = eq(clients.id, sql.placeholder('clientId'));
  const actorId = sql`${sql.placeholder('actorId')}::uuid`;
  return {
    admin: db.select().from(clients).where(byId).limit(1).prepare('client_lookup_admin'),
    recruiter: db
      .select()
      .from(clients)
      .where(and(byId, or(eq(clients.createdBy, sql.placeholder('actorId')), sql`${actorId} = ANY(${clients.accountManagers})`)))
      .limit(1)
      .prepare('client_lookup_recruiter'),
    user: db
      .select()
      .from(clients)
      .where(and(byId, eq(clients.id, sql.placeholder('homeClientId'))))
      .limit(1)
      .prepare('client_lookup_user'),
  };
}
function preparedClientLookup(db: Db, actor: Actor, clientId: string): Promise<ClientRow[]> {
  let p = preparedByDb.get(db);
  if (!p) {
    p = prepareClientLookups(db);
    preparedByDb.set(db, p);
  }
  if (actor.userTypeGlobal === 'admin') return p.admin.execute({ clientId });
  if (actor.userTypeGlobal === 'recruiter') return p.recruiter.execute({ clientId, actorId: actor.id });
  if (!actor.clientId) return Promise.resolve([]);
  return p.user.execute({ clientId, homeClientId: actor.clientId });
}

/** Ids of every client the actor may see (small for recruiters and staff; null means all). */
export async function accessibleClientIds(db: DbOrTx, actor: Actor): Promise<string[] | null> {
  if (actor.userTypeGlobal === 'admin') return null;
  const rows = await db.select({ id: clients.id }).from(clients).where(accessibleClients(actor));
  return rows.map((r) => r.id);
}

export const isAdmin = (a: Actor) => a.userTypeGlobal === 'admin';
export const isStaffManager = (a: Actor) => a.userTypeGlobal === 'admin' || a.userTypeGlobal === 'recruiter';

/** Product right for client staff; admins and recruiters (with access to the client) have every product right. */
export function hasProductRight(actor: Actor, product: Exclude<Product, 'media'>, min: ProductUserType): boolean {
  if (isStaffManager(actor)) return true;
  return productRank[actor.products[product]] >= productRank[min];
}

export function requireProductRight(actor: Actor, product: Exclude<Product, 'media'>, min: ProductUserType, key = 'auth'): void {
  if (!hasProductRight(actor, product, min)) throw forbidden(key, messages.server.forbidden);
}

export function requireStaffManager(actor: Actor, key = 'auth'): void {
  if (!isStaffManager(actor)) throw forbidden(key, messages.server.forbidden);
}

export { AppError };
