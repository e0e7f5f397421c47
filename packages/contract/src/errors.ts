import { defineRoute } from './route.ts';
import { errorCatalogueReply } from './team.ts';

/** GET api/errors (recruiting spec §7): the message catalogue, public (it holds no data); its schemas are in team.ts. */
export const errorRoutes = {
  catalogue: defineRoute({ method: 'GET', path: '/api/errors', auth: 'public', status: 200, reply: errorCatalogueReply, errors: [], tags: ['errors'] }),
};
