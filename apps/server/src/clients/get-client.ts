import type { clientRoutes as r } from '@hh/contract/clients';
import { requireClient } from '../auth/access.ts';
import type { Operation } from '../core/operation.ts';
import { serializeClient } from './serialize-client.ts';

/** GET /api/client/get-by-id: a client the actor may see; another tenant's id is a 404. */
export const getClient: Operation<typeof r.getById, 'db'> = async (deps, input) => serializeClient(await requireClient(deps, input.actor, input.clientId));
