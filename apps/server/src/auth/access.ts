import { productRank, type Product, type ProductUserType } from '@hh/contract/roles';
import { messages } from '@hh/contract/messages';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { clients } from '../db/schema/core.ts';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../lib/app-error.ts';
import { clientStoreOf } from '../plugins/session-cache.ts';
import type { Actor } from './actor.ts';
import { isUuid } from '../lib/uuid.ts';

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

/** The access rule of accessibleClients(), applied to a row already read (same outcome as the SQL filter). */
export function canAccessClient(actor: Actor, row: Pick<ClientRow, 'id' | 'createdBy' | 'accountManagers'>): boolean {
  if (actor.userTypeGlobal === 'admin') return true;
  if (actor.userTypeGlobal === 'recruiter') return row.createdBy === actor.id || (row.accountManagers ?? []).includes(actor.id);
  return actor.clientId != null && row.id === actor.clientId;
}

/**
 * Loads a client the actor may see, or throws 404: another tenant's id is
 * indistinguishable from a missing one, so ids cannot be probed.
 *
 * With the app's database (not a transaction) the row comes from the client cache of the app's
 * session cache (plugins/session-cache.ts: used only while its LISTEN connection is up, every
 * client update/delete is notified by migration 0003_client_notify.sql), else from one prepared
 * read by id; the access rule is then applied in JS. Inside a transaction the row is always read
 * with the access filter in SQL and never cached (it may hold uncommitted changes).
 */
export async function loadAccessibleClient(db: DbOrTx, actor: Actor, clientId: string, key = 'clients'): Promise<ClientRow> {
  if ('rollback' in db) {
    const rows = await db
      .select()
      .from(clients)
      .where(and(eq(clients.id, clientId), accessibleClients(actor)))
      .limit(1);
    if (!rows[0]) throw notFound(key, messages.server.clientNotFound);
    return rows[0];
  }
  const store = clientStoreOf(db);
  let row = store?.get(clientId) as ClientRow | undefined;
  if (row) {
    // A shallow copy per call: callers may set fields of the row they get. The cached row is deeply
    // frozen, so code changing a nested value in place fails loudly instead of altering the cache
    // (structuredClone per hit would be safer still but cost a third of the route's throughput).
    row = { ...row };
  } else {
    const ticket = store?.ticket();
    [row] = await clientById(db).execute({ clientId });
    if (row && store && ticket) store.set(clientId, deepFreeze(structuredClone(row)), ticket);
  }
  if (!row || !canAccessClient(actor, row)) throw notFound(key, messages.server.clientNotFound);
  return row;
}

/** One named prepared statement per database (parsed and planned once per connection): this is on the path of nearly every tenant call. */
const preparedByDb = new WeakMap<object, ReturnType<typeof prepareClientById>>();
function prepareClientById(db: Db) {
  return db
    .select()
    .from(clients)
    .where(eq(clients.id, sql.placeholder('clientId')))
    .limit(1)
    .prepare('client_lookup_by_id');
}
function clientById(db: Db) {
  let p = preparedByDb.get(db);
  if (!p) {
    p = prepareClientById(db);
    preparedByDb.set(db, p);
  }
  return p;
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

export { AppError };

/** Freezes a value and everything it holds (a cached row is shared by every call that hits it). */
function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/**
 * The one rights table (docs/permissions.md). A call needs one of:
 *   'member'            -> any user with access to the client (admins: every client)
 *   'staff'             -> an admin or a recruiter (who manages the client, for a client call)
 *   'admin'             -> a global admin
 *   { product, level }  -> client staff with at least that product right; admins and recruiters have every product right
 *   [need, need, …]     -> any one of them (the candidate area: a harvest or a cultivate right)
 */
export type Need = 'member' | 'staff' | 'admin' | { product: Exclude<Product, 'media'>; level: ProductUserType } | readonly Need[];

/** Whether the actor has the right `need` names (the client, if any, is checked by `requireClient`). */
export function may(actor: Actor, need: Need): boolean {
  if (need === 'member') return true;
  if (need === 'admin') return isAdmin(actor);
  if (need === 'staff') return isStaffManager(actor);
  if ('product' in need) return hasProductRight(actor, need.product, need.level);
  return need.some((n) => may(actor, n));
}

/** Refuses (403) an actor without the right; for calls that name no client (admin screens, the user's own data). */
export function requireRight(actor: Actor | undefined, need: Need, key = 'auth'): Actor {
  if (!actor) throw unauthorized(messages.server.notSignedIn);
  if (!may(actor, need)) throw forbidden(key, messages.server.forbidden);
  return actor;
}

/**
 * The one access check of a client call: the client must be named (400), be one the actor may see
 * now (404 otherwise: another tenant's id looks like a missing one), and the actor must have the
 * right (403). Returns the client's row. `clientId` is the operation input's, which `route()` took
 * from the path, body, query or the portal's selected client.
 */
export async function requireClient(
  deps: { db: DbOrTx },
  actor: Actor | undefined,
  clientId: string | undefined,
  need: Need = 'member',
  key = 'clients',
): Promise<ClientRow> {
  if (!actor) throw unauthorized(messages.server.notSignedIn);
  if (!clientId) throw badRequest('clientId', messages.server.clientIdRequired);
  if (!isUuid(clientId)) throw badRequest('clientId', messages.server.invalidId);
  const client = await loadAccessibleClient(deps.db, actor, clientId, key);
  if (!may(actor, need)) throw forbidden(key, messages.server.forbidden);
  return client;
}
