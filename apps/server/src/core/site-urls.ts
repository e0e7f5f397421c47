/**
 * Career-site addresses (core spec §2, docs/career-sites.md).
 *
 * Product host:  /{nameSlug}/job/{category}/{title}/{location}/{virtual_app}/{job_id}
 * Custom domain: /job/{title}/{category}/{location}/{virtual_app}/{job_id}
 *
 * The spec says custom-domain job pages look like /job/{..}/{title}/... and product-host ones
 * like /{nameSlug}/job/..., with segments reordered between the two. We lead with the title on
 * custom domains (the host already names the employer) and with the category on the product
 * host. Only job_id is looked up; the other segments are for people and crawlers, and a page
 * reached by a stale slug carries the canonical address.
 */
export function slugify(s: string | null | undefined, fallback = 'job'): string {
  let t = s ?? '';
  // Feeds and sitemaps slugify 100,000 titles at a time: skip Unicode folding for plain ASCII text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range test is the point
  if (!/^[\x00-\x7f]*$/.test(t)) t = t.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const out = t
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return out || fallback;
}

export interface JobUrlParts {
  id: string;
  title: string;
  city: string | null;
  state: string | null;
  remote: boolean;
  categoryName: string | null;
  departmentName: string | null;
}

export interface SiteClient {
  nameSlug: string;
  virtualAppName: string | null;
  domainURL: string | null;
}

function segments(job: JobUrlParts, client: SiteClient) {
  const location = job.city ? slugify(`${job.city} ${job.state ?? ''}`) : job.remote ? 'remote' : 'anywhere';
  return {
    category: slugify(job.categoryName ?? job.departmentName, 'jobs'),
    title: slugify(job.title),
    location,
    app: slugify(client.virtualAppName ?? client.nameSlug, 'site'),
  };
}

/** The job page on the product host. */
export function productJobPath(job: JobUrlParts, client: SiteClient): string {
  const s = segments(job, client);
  return `/${client.nameSlug}/job/${s.category}/${s.title}/${s.location}/${s.app}/${job.id}`;
}

/** The job page on the client's custom domain (title and category swap places). */
export function customDomainJobPath(job: JobUrlParts, client: SiteClient): string {
  const s = segments(job, client);
  return `/job/${s.title}/${s.category}/${s.location}/${s.app}/${job.id}`;
}

/** The canonical absolute URL: the custom domain when the client has one. */
export function canonicalJobUrl(job: JobUrlParts, client: SiteClient, productOrigin: string): string {
  if (client.domainURL) return `https://${client.domainURL}${customDomainJobPath(job, client)}`;
  return `${productOrigin}${productJobPath(job, client)}`;
}
