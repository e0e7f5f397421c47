/*
 * The query cache is made by lib/query-client.ts, which the router loads with the first screen that
 * reads data (layout/QueryLayer.tsx): the login page reads none and does without TanStack Query.
 * The session code (lib/auth.tsx) empties the cache at sign-in and sign-out through here, so it need
 * not import the cache; before the cache exists there is nothing to empty.
 */
let clear: (() => void) | null = null;

/** lib/query-client.ts registers how to empty its cache. */
export function setQueryCacheClear(fn: () => void) {
  clear = fn;
}

/** Empties the query cache, if one has been made (core spec §4: sign-out resets all stored state). */
export function clearQueryCache() {
  clear?.();
}
