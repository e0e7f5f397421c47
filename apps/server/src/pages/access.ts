import type { ProductUserType } from '@hh/contract/roles';
import { type ClientRow, loadAccessibleClient, requireProductRight } from '../auth/access.ts';
import type { Actor } from '../auth/actor.ts';
import type { DbOrTx } from '../db/client.ts';

type Area = 'harvest' | 'motivator' | 'wave';

/**
 * The client behind a site-builder call (docs/permissions.md "Career-site builder"): the caller must
 * reach the client now (another tenant's id is a 404), and client staff need the product right:
 * member to read, editor to change drafts and settings, admin to publish.
 * The error key is the spec's (001 §5): pageTemplates, defaultTemplate or motivators.
 */
export async function siteClient(db: DbOrTx, actor: Actor, clientId: string, area: Area, min: ProductUserType, key: string): Promise<ClientRow> {
  const client = await loadAccessibleClient(db, actor, clientId, key);
  requireProductRight(actor, area, min, key);
  return client;
}
