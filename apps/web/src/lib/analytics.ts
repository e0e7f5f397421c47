import { useEffect } from 'react';
import { runtimeConfig } from './runtime-config.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const GTAG_SRC = 'https://www.googletagmanager.com/gtag/js';

/**
 * Core spec §9: "automatic page tracking off, automatic page view disabled, cookie flags SameSite
 * None and Secure". The portal never sends page_view by itself (no tracking on route changes);
 * screens send what they need with trackEvent.
 */
const GA4_CONFIG = { send_page_view: false, cookie_flags: 'SameSite=None;Secure' } as const;

let scriptLoaded = false;
let activeId: string | null = null;

/** Core spec §9: the client's own measurement id, else the configured one (runtime config), else none. */
function measurementIdFor(clientGa4Id: string | null | undefined): string | null {
  return clientGa4Id || runtimeConfig.ga4MeasurementId || null;
}

type GaFlags = Record<string, boolean | undefined>;

/**
 * Points analytics at `id`: the first id loads gtag.js (once per page), each new id gets its own
 * `config` call with GA4_CONFIG, and the previous id is switched off with GA's documented
 * `window['ga-disable-<id>']` flag. With no id nothing is loaded and nothing is sent.
 */
function configureAnalytics(id: string | null) {
  if (id === activeId) return;
  const flags = window as unknown as GaFlags;
  if (activeId) flags[`ga-disable-${activeId}`] = true;
  activeId = id;
  if (!id) return;
  flags[`ga-disable-${id}`] = false;
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    const layer = window.dataLayer;
    // gtag.js reads Arguments objects from the dataLayer (not arrays), hence `arguments`.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the Arguments object
      layer.push(arguments);
    };
    window.gtag('js', new Date());
  }
  window.gtag('config', id, { ...GA4_CONFIG });
  if (!scriptLoaded) {
    scriptLoaded = true;
    const s = document.createElement('script');
    s.async = true;
    s.src = `${GTAG_SRC}?id=${encodeURIComponent(id)}`;
    document.head.appendChild(s);
  }
}

/** Sends a GA4 event to the active measurement id; does nothing while analytics is off. */
export function trackEvent(name: string, params: Record<string, unknown> = {}) {
  if (!activeId || !window.gtag) return;
  window.gtag('event', name, { ...params, send_to: activeId });
}

/**
 * Keeps analytics on the selected client's id (or the configured default). `clientGa4Id` is
 * undefined while the client is still loading, so the default is not configured first and then
 * replaced. Leaving the signed-in shell (sign-out) switches analytics off.
 */
export function useAnalytics(clientGa4Id: string | null | undefined) {
  useEffect(() => {
    if (clientGa4Id === undefined) return;
    configureAnalytics(measurementIdFor(clientGa4Id));
    return () => configureAnalytics(null);
  }, [clientGa4Id]);
}
