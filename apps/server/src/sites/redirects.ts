/**
 * Core spec §2 routing and redirect rules, applied to every career-site page request in one
 * redirect (so a legacy link costs one hop, not four):
 *  - paths containing /job/ or /search-page get whitespace replaced by single hyphens;
 *  - /av_viewjob.html becomes /requisition;
 *  - the legacy query parameters __VIEWSTATE, __VIEWSTATEGENERATOR and D1 are removed;
 *  - the client's utm_source and utm_medium are appended when missing, for visitors. A search
 *    engine's crawler (isCrawler) is not redirected for them: the sitemap's and canonical addresses
 *    are final (Google treats a page that redirects from its canonical address as a
 *    redirect, not as the job posting). The path and legacy-parameter rules apply to everyone.
 */
const LEGACY_PARAMS = ['__VIEWSTATE', '__VIEWSTATEGENERATOR', 'D1'];

function safeDecode(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

const encodePath = (p: string) =>
  p
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');

export interface SiteRedirect {
  location: string;
  /** 301 when the path or legacy parameters changed; 302 when only the client's utm values were added (they may change). */
  permanent: boolean;
}

export function siteRedirectTarget(rawUrl: string, client: { utmSource: string | null; utmMedium: string | null } | null): SiteRedirect | null {
  const qi = rawUrl.indexOf('?');
  const rawPath = qi === -1 ? rawUrl : rawUrl.slice(0, qi);
  const query = qi === -1 ? '' : rawUrl.slice(qi + 1);
  let path = rawPath;
  let changed = false;
  let permanent = false;

  const decoded = safeDecode(rawPath);
  if (/\/job\/|\/search-page/i.test(decoded) && /\s/.test(decoded)) {
    path = encodePath(decoded.trim().replace(/\s+/g, '-'));
    changed = permanent = true;
  }
  if (/\/av_viewjob\.html$/i.test(path)) {
    path = path.replace(/\/av_viewjob\.html$/i, '/requisition');
    changed = permanent = true;
  }
  const params = new URLSearchParams(query);
  for (const k of LEGACY_PARAMS) {
    if (params.has(k)) {
      params.delete(k);
      changed = permanent = true;
    }
  }
  if (client?.utmSource && !params.has('utm_source')) {
    params.set('utm_source', client.utmSource);
    changed = true;
  }
  if (client?.utmMedium && !params.has('utm_medium')) {
    params.set('utm_medium', client.utmMedium);
    changed = true;
  }
  if (!changed) return null;
  const q = params.toString();
  return { location: q ? `${path}?${q}` : path, permanent };
}

/** Search engines and link previewers that read career pages (by User-Agent). */
const CRAWLER =
  /googlebot|google-inspectiontool|adsbot-google|bingbot|duckduckbot|yandex|baiduspider|applebot|slurp|indeedbot|facebookexternalhit|twitterbot|linkedinbot|slackbot/i;
export const isCrawler = (userAgent: string | undefined) => !!userAgent && CRAWLER.test(userAgent);
