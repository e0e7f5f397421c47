import { z } from 'zod';
import { defineRoute } from './route.ts';

// GET api/errors: the message catalogue (docs/decisions/0042-errors-catalogue.md)
export const errorCatalogueEntry = z.object({
  key: z.string(),
  area: z.string(),
  type: z.enum(['success', 'error', 'info']),
  text: z.string(),
});
export const errorCatalogueReply = z.object({ results: z.array(errorCatalogueEntry), totalCount: z.number().int() });

/** GET api/errors (recruiting spec §7): the message catalogue, public (it holds no data). */
export const errorRoutes = {
  catalogue: defineRoute({ method: 'GET', path: '/api/errors', auth: 'public', status: 200, reply: errorCatalogueReply, errors: [], tags: ['errors'] }),
};
