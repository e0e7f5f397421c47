import { messages } from '@hh/contract/messages';
import * as c from '@hh/contract/site-builder';
import type { pageRoutes as r } from '@hh/contract/site-builder';
import type { Deps } from '../core/deps.ts';
import type { Operation } from '../core/operation.ts';
import { publicClient } from '../public-jobs/index.ts';
import { createMotivator, deleteMotivator, listMotivators, publishedMotivators, shuffle, updateMotivator } from './motivators.ts';
import { serializeMotivator } from './serialize.ts';
import { siteOrigin } from './site-urls.ts';

/** The client's site origin for a motivator's links ('' when the client is not active). */
async function originOf(deps: Pick<Deps, 'db' | 'config'>, clientId: string): Promise<string> {
  const client = await publicClient(deps, { clientId }).catch(() => null);
  return client ? siteOrigin(deps, client) : '';
}

/** The client's motivators (motivator members read, editors change), all or by published state. */
export const listClientMotivators: Operation<typeof r.listMotivators, 'db' | 'config'> = async (deps, input) => {
  const clientId = input.clientId ?? '';
  const rows = await listMotivators(deps.db, input.actor, clientId, input.published === undefined ? undefined : input.published === 'true');
  const base = await originOf(deps, clientId);
  return { results: rows.map((m) => serializeMotivator(m, base)), totalCount: rows.length };
};

const saved = async (deps: Pick<Deps, 'db' | 'config'>, clientId: string, row: Parameters<typeof serializeMotivator>[0]) => ({
  ...serializeMotivator(row, await originOf(deps, clientId)),
  message: messages.pages.motivatorSaved,
});

export const createClientMotivator: Operation<typeof r.createMotivator, 'db' | 'config'> = async (deps, input) => {
  const clientId = input.clientId ?? '';
  return saved(deps, clientId, await createMotivator(deps.db, input.actor, clientId, input));
};

export const updateClientMotivator: Operation<typeof r.updateMotivator, 'db' | 'config'> = async (deps, input) => {
  const clientId = input.clientId ?? '';
  return saved(deps, clientId, await updateMotivator(deps.db, input.actor, clientId, input._id, input));
};

export const deleteClientMotivator: Operation<typeof r.deleteMotivator, 'db' | 'config'> = async (deps, input) => {
  const clientId = input.clientId ?? '';
  return saved(deps, clientId, await deleteMotivator(deps.db, input.actor, clientId, input._id));
};

/** Public: a site's published motivators, shuffled (001 §4), without tenant or editing fields. */
export const listPublishedMotivators: Operation<typeof r.listPublishedMotivators, 'db' | 'config'> = async (deps, input) => {
  const client = await publicClient(deps, {
    clientId: input.clientIdSelected ? undefined : input.clientId,
    nameSlug: input.nameSlug,
    key: c.pageErrorKeys.motivators,
  });
  const rows = shuffle(await publishedMotivators(deps, { clientId: client.id }));
  const base = siteOrigin(deps, client);
  return { results: rows.map((m) => c.publicMotivator.parse(serializeMotivator(m, base))), totalCount: rows.length };
};
