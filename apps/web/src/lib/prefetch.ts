import { type RefObject, useEffect } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { plainLoadOf } from './reload.ts';

/** Core spec §9: "Link prefetch idle timeout: 2000 ms". */
const PREFETCH_IDLE_TIMEOUT_MS = 2000;

let routeTable: RouteObject[] = [];
/** router.tsx hands over its route table, so a path can be matched to its lazy route modules. */
export function registerPrefetchRoutes(routes: RouteObject[]) {
  routeTable = routes;
}

/** Plain imports already started: each chunk is prefetched at most once. */
const started = new Set<() => Promise<unknown>>();

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Prefetching is skipped when the user asked to save data (`navigator.connection.saveData`) and,
 * as decided here (the spec is silent), on 2g-class connections.
 */
function prefetchAllowed(): boolean {
  const c = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!c) return true;
  return c.saveData !== true && !(c.effectiveType ?? '').includes('2g');
}

/**
 * Starts loading the lazy route modules (chunks) that `pathname` needs, without rendering them and
 * without the chunk-reload rule (a failed prefetch never reloads the page; it is forgotten, and
 * navigating there loads the chunk the normal way). Returns how many loads were started.
 */
function prefetchPath(pathname: string): number {
  if (!prefetchAllowed()) return 0;
  let count = 0;
  for (const m of matchRoutes(routeTable, pathname) ?? []) {
    const load = plainLoadOf(m.route.lazy);
    if (!load || started.has(load)) continue;
    started.add(load);
    // One User Timing mark when link prefetch first starts, so a measurement (bench/pages/portal.ts)
    // can tell the screen's own scripts from the next screens' fetched on idle.
    if (started.size === 1) performance.mark('link-prefetch');
    count += 1;
    load().catch(() => started.delete(load));
  }
  return count;
}

/** Prefetches the route behind an in-app link (same origin only). */
function prefetchHref(href: string): number {
  const url = new URL(href, location.href);
  return url.origin === location.origin ? prefetchPath(url.pathname) : 0;
}

/**
 * Runs `cb` once the browser is idle, at the latest after 2000 ms (requestIdleCallback's timeout);
 * where requestIdleCallback is missing, after 2000 ms. Returns a cancel function.
 */
function whenIdle(cb: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(cb, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(cb, PREFETCH_IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(timer);
}

/**
 * Core spec §9 link prefetch: once the browser is idle (see whenIdle), the in-app links inside
 * `container` that are visible (IntersectionObserver; a collapsed mobile navbar is not) get their
 * route chunks prefetched. Links added later (e.g. product areas after the client loads) or shown
 * later (burger opened) are prefetched when they become visible. The idle wait starts once
 * `ready` is true (the navbar has its final links: before the selected client loads, the short
 * navbar would show links that the product areas then push out of view).
 */
export function usePrefetchVisibleLinks(container: RefObject<HTMLElement | null>, ready = true) {
  useEffect(() => {
    const root = container.current;
    if (!ready || !root || !prefetchAllowed()) return;
    let io: IntersectionObserver | undefined;
    let mo: MutationObserver | undefined;
    const cancel = whenIdle(() => {
      const links = () => Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'));
      if (typeof IntersectionObserver === 'undefined') {
        for (const a of links()) prefetchHref(a.href);
        return;
      }
      const observer = new IntersectionObserver((entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          observer.unobserve(e.target);
          prefetchHref((e.target as HTMLAnchorElement).href);
        }
      });
      io = observer;
      const watched = new WeakSet<Element>();
      const observeNew = () => {
        for (const a of links()) {
          if (watched.has(a)) continue;
          watched.add(a);
          observer.observe(a);
        }
      };
      observeNew();
      mo = new MutationObserver(observeNew);
      mo.observe(root, { childList: true, subtree: true });
    });
    return () => {
      cancel();
      io?.disconnect();
      mo?.disconnect();
    };
  }, [container, ready]);
}
