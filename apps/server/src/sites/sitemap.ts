import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Deps } from '../core/deps.ts';
import type { ClientRow } from '../public-jobs/index.ts';
import { esc } from './html.ts';
import { canonicalJobUrl } from '../core/site-urls.ts';
import { publishedSitemapUrls } from './published-page.ts';

/** The sitemap protocol allows 50,000 URLs per file; a larger site gets a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 2_000;

const siteOrigin = (deps: Pick<Deps, 'config'>, client: ClientRow) =>
  client.domainURL ? `https://${client.domainURL}` : `${deps.config.publicUrl}/${client.nameSlug}`;

/**
 * A client's sitemap.xml: the search page and every open job with canonical addresses (the
 * custom domain when the client has one), streamed in keyset-paged batches, never one big
 * string. Above `perFile` URLs it is a sitemap index of sitemap-{n}.xml parts.
 */
export async function sitemapStream(
  deps: Pick<Deps, 'db' | 'config'>,
  client: ClientRow,
  part: number | null = null,
  perFile = SITEMAP_MAX_URLS,
): Promise<Readable | null> {
  const origin = siteOrigin(deps, client);
  const count = (await deps.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE client_id = ${client.id} AND status = 'open'`)).rows[0].n;
  const parts = Math.ceil((count + 1) / perFile);
  if (part === null && parts > 1) {
    const items = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${esc(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`).join('\n');
    return Readable.from([
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`,
    ]);
  }
  const n = part ?? 1;
  if (n < 1 || n > parts) return null;
  // Part 1 holds the search page, so it lists one job fewer.
  const skip = n === 1 ? 0 : (n - 1) * perFile - 1;
  const limit = n === 1 ? perFile - 1 : perFile;
  async function* gen() {
    yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
    if (n === 1) yield `<url><loc>${esc(`${origin}/search-page`)}</loc><changefreq>daily</changefreq></url>\n`;
    if (n === 1) yield (await publishedSitemapUrls(deps, client, origin)).join(''); // published pages and motivators
    // The part's first id: one indexed OFFSET, then keyset paging.
    const first = await deps.db.execute<{ id: string }>(
      sql`SELECT id FROM jobs WHERE client_id = ${client.id} AND status = 'open' ORDER BY id OFFSET ${skip} LIMIT 1`,
    );
    let after: string | null = first.rows[0] ? null : 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    let from = first.rows[0]?.id ?? null;
    let sent = 0;
    while (sent < limit && from) {
      const r = await deps.db.execute<{
        id: string;
        title: string;
        city: string | null;
        state: string | null;
        remote: boolean;
        category_name: string | null;
        department_name: string | null;
        updated_at: Date;
      }>(sql`
        SELECT id, title, city, state, remote, category_name, department_name, updated_at FROM jobs
         WHERE client_id = ${client.id} AND status = 'open' AND ${after === null ? sql`id >= ${from}::uuid` : sql`id > ${after}::uuid`}
         ORDER BY id LIMIT ${Math.min(BATCH, limit - sent)}`);
      if (!r.rows.length) break;
      let chunk = '';
      for (const j of r.rows) {
        const loc = canonicalJobUrl(
          { id: j.id, title: j.title, city: j.city, state: j.state, remote: j.remote, categoryName: j.category_name, departmentName: j.department_name },
          client,
          deps.config.publicUrl,
        );
        chunk += `<url><loc>${esc(loc)}</loc><lastmod>${new Date(j.updated_at).toISOString().slice(0, 10)}</lastmod></url>\n`;
      }
      yield chunk;
      sent += r.rows.length;
      after = r.rows[r.rows.length - 1].id;
      from = after;
    }
    yield '</urlset>\n';
  }
  return Readable.from(gen());
}

/** robots.txt per host: a custom domain points at its one sitemap; the product host keeps crawlers off the portal and API. */
export async function robotsTxt(deps: Pick<Deps, 'db' | 'config'>, client: ClientRow | null, portalPaths: readonly string[]): Promise<string> {
  if (client) return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://${client.domainURL}/sitemap.xml\n`;
  const r = await deps.db.execute<{ name_slug: string }>(
    sql`SELECT name_slug FROM clients WHERE status = 'Active' AND domain_url IS NULL ORDER BY name_slug LIMIT 1000`,
  );
  const disallow = ['/api/', ...portalPaths.map((p) => `/${p}`)].map((p) => `Disallow: ${p}`).join('\n');
  const maps = r.rows.map((c) => `Sitemap: ${deps.config.publicUrl}/sitemap-${c.name_slug}.xml`).join('\n');
  return `User-agent: *\nAllow: /\n${disallow}\n\n${maps}\n`;
}
