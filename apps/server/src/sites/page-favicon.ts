import { isSafeUrl } from '../core/security/safe-url.ts';
import { eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { pageTemplates } from '../db/schema/pages.ts';

/** The site's own favicon (POST api/favicon/page/upload), else its logo, else null (issue 13). */
export async function siteFavicon(deps: Pick<Deps, 'db'>, client: { id: string; logo: string | null }): Promise<string | null> {
  const [t] = await deps.db.select({ favicon: pageTemplates.favicon }).from(pageTemplates).where(eq(pageTemplates.clientId, client.id)).limit(1);
  // Issue 9: a stored value with a script scheme is never served as an icon.
  const icon = t?.favicon ?? client.logo ?? null;
  return icon && isSafeUrl(icon) ? icon : null;
}
