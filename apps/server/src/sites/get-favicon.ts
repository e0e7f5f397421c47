import type { siteRoutes } from '@hh/contract/sites';
import { answer, type Operation } from '../core/operation.ts';
import { clientBySlug } from '../public-jobs/index.ts';
import { clientForHost, type HostCache } from './custom-domain.ts';
import { siteFavicon } from './page-favicon.ts';

/**
 * Core spec §2/§7: the favicon per host (a custom domain, else a nameSlug). The site's published
 * icon, else the client's logo; with none, an empty 204 (the spec observes an empty response). The
 * host lookup uses the app's Host → client cache, hence an operation made per app.
 */
export const getFaviconWith =
  (hostCache: HostCache): Operation<typeof siteRoutes.getFavicon, 'db' | 'config'> =>
  async (deps, input) => {
    const host = input.host.toLowerCase();
    const client = (await clientForHost({ ...deps, hostCache }, host)) ?? (await clientBySlug(deps, { nameSlug: host }));
    const favicon = client ? await siteFavicon(deps, client) : null;
    if (!favicon) return answer({ status: 204, body: null });
    return { favicon };
  };
