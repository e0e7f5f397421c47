import { isSafeUrl } from '../core/security/safe-url.ts';
import type { Deps } from '../core/deps.ts';
import { liveSite } from '../site-builder/index.ts';

/**
 * The site's own favicon as published (POST api/favicon/page/upload, then a harvest admin's publish),
 * else its logo, else null. An uploaded icon that was not published yet is not shown.
 */
export async function siteFavicon(deps: Pick<Deps, 'db'>, client: { id: string; logo: string | null }): Promise<string | null> {
  const site = await liveSite(deps, { clientId: client.id });
  // A stored value with a script scheme (it would run if followed) is never served as an icon.
  const icon = site?.favicon ?? client.logo ?? null;
  return icon && isSafeUrl(icon) ? icon : null;
}
