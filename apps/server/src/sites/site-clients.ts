import { and, eq } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import { jobs } from '../db/schema/jobs.ts';
import { rememberedClient } from '../plugins/page-cache.ts';
import type { PageCache } from '../plugins/page-cache.ts';
import { type ClientRow, clientBySlug, clientByVirtualApp } from '../public-jobs/index.ts';
import { productJobPath } from '../core/site-urls.ts';
import { urlParts } from './job-format.ts';
import { isUuid } from '../lib/uuid.ts';

/** The active client behind /{nameSlug}/…, or null. */
export const siteClientBySlug = (deps: Pick<Deps, 'db'>, slug: string): Promise<ClientRow | null> => clientBySlug(deps, { nameSlug: slug });

/** The same, remembered while no client row changes, so a cached page costs no query. */
export const rememberedSiteClient = (deps: Pick<Deps, 'db'>, pageCache: PageCache | null, slug: string): Promise<ClientRow | null> =>
  rememberedClient(pageCache, `slug:${slug.toLowerCase()}`, () => clientBySlug(deps, { nameSlug: slug }));

/**
 * The job-page form without a leading nameSlug (/job/{category}/{title}/{location}/{virtual_app}/{job_id})
 * on the product host: the virtual_app names the client. `redirect` is the canonical address of an
 * open job; a draft or closed job is not redirected (the redirect would name it: its title is in the
 * path), so the site answers it as a missing job. Null: no such client or a malformed id.
 */
export async function jobWithoutSlug(deps: Pick<Deps, 'db'>, path: string): Promise<{ client: ClientRow; id: string; redirect: string | null } | null> {
  const seg = path.split('/').filter(Boolean);
  const id = seg[seg.length - 1];
  const client = seg.length >= 2 ? await clientByVirtualApp(deps, { virtualAppName: seg[seg.length - 2] }) : null;
  if (!client || !isUuid(id ?? '')) return null;
  const [j] = await deps.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.clientId, client.id), eq(jobs.id, id)));
  return { client, id, redirect: j?.status === 'open' ? productJobPath(urlParts(j), client) : null };
}
