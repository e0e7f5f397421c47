import type { Caller } from '../core/operation.ts';

/**
 * Whether this request may be signed in by the auth cookies (core spec §9) rather than a bearer
 * token: only when the browser says it comes from the product's own pages (`Sec-Fetch-Site:
 * same-origin`) or from the user directly (`none`: an address typed or bookmarked), or when it says
 * nothing (not a browser, or one without Fetch Metadata). A request from an opaque origin (`Origin:
 * null`: a sandboxed frame such as the one that runs a client's career-site scripts) or from another
 * site carries the cookie too, SameSite notwithstanding, so its cookie is ignored: it is signed out.
 * Decision 0403.
 */
export function authCookieUsable(req: Pick<Caller, 'headers'>): boolean {
  if (req.headers.origin === 'null') return false;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
