import { keys } from './storage-keys.ts';

const MAX_RETRIES = 3;
const BLOCK_MS = 5000;
const CHUNK_RELOAD_EVERY_MS = 60000;

const num = (k: string) => Number(sessionStorage.getItem(k) ?? '0') || 0;

/**
 * Core spec §9: on a server error (5xx or no response) the page reloads, up to 3 retries counted in
 * sessionStorage; after that, reloads are blocked for 5 seconds (and the count starts again).
 * Returns true when a reload was started.
 */
export function reloadAfterServerError(now = Date.now()): boolean {
  if (now < num(keys.reloadBlockedUntil)) return false;
  const count = num(keys.reloadCount);
  if (count >= MAX_RETRIES) {
    sessionStorage.setItem(keys.reloadBlockedUntil, String(now + BLOCK_MS));
    sessionStorage.setItem(keys.reloadCount, '0');
    return false;
  }
  sessionStorage.setItem(keys.reloadCount, String(count + 1));
  location.reload();
  return true;
}

let navigationTarget: () => string | null = () => null;
/** Tells the reload rule where a pending navigation goes, so a chunk reload lands there. */
export function trackNavigationTarget(fn: () => string | null) {
  navigationTarget = fn;
}

/** Core spec §9: a failed lazy chunk load reloads the page at most once per 60 seconds. */
function reloadAfterChunkError(now = Date.now()): boolean {
  if (now - num(keys.chunkReloadAt) < CHUNK_RELOAD_EVERY_MS) return false;
  sessionStorage.setItem(keys.chunkReloadAt, String(now));
  // The URL only changes once the route's chunk has loaded, so go to the target, not the current page.
  const pendingHref = navigationTarget();
  if (pendingHref && pendingHref !== location.pathname + location.search + location.hash) location.assign(pendingHref);
  else location.reload();
  return true;
}

/** The plain import behind each lazyChunk wrapper, so the chunk can be prefetched (lib/prefetch.ts). */
const plainLoads = new WeakMap<() => Promise<unknown>, () => Promise<unknown>>();

/** The plain import behind a route's lazy function (no reload rule: a failed prefetch must not reload). */
export function plainLoadOf(lazy: unknown): (() => Promise<unknown>) | undefined {
  return typeof lazy === 'function' ? plainLoads.get(lazy as () => Promise<unknown>) : undefined;
}

/** A route's lazy import that applies the chunk reload rule before giving up. */
export function lazyChunk<T>(load: () => Promise<T>): () => Promise<T> {
  const wrapped = async () => {
    try {
      return await load();
    } catch (err) {
      if (reloadAfterChunkError()) return new Promise<T>(() => {});
      throw err;
    }
  };
  plainLoads.set(wrapped, load);
  return wrapped;
}
