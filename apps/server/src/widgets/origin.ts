/**
 * Whether a page may show a widget: its Origin (or, failing that, its Referer) must match one of
 * the widget's embeddingPermissions. Entries are hosts (`www.example.com`, `example.com:8080`),
 * wildcards (`*.example.com`) or origins (`https://example.com`, which also pins the scheme).
 * The product's own hosts always may (portal preview, iframe embed): `selfHosts` are the configured
 * PUBLIC_URL host and the host the request came to. No origin at all: refused.
 */
export function isAllowedOrigin(permissions: string[], originOrReferer: string | undefined, selfHosts: string[]): boolean {
  if (!originOrReferer) return false;
  let page: URL;
  try {
    page = new URL(originOrReferer);
  } catch {
    return false;
  }
  const host = page.host.toLowerCase();
  if (selfHosts.some((h) => h.toLowerCase() === host)) return true;
  const hostname = page.hostname.toLowerCase();
  return permissions.some((raw) => {
    let p = raw.trim().toLowerCase().replace(/\/$/, '');
    const scheme = p.match(/^(https?):\/\//)?.[1];
    if (scheme) {
      if (`${scheme}:` !== page.protocol) return false;
      p = p.slice(scheme.length + 3);
    }
    const target = p.includes(':') ? host : hostname;
    if (p.startsWith('*.')) return target.endsWith(p.slice(1)) && target.length > p.length - 1;
    return target === p;
  });
}
