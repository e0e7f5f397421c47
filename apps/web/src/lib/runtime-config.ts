import type { RuntimeConfig } from '@hh/contract/auth';

declare global {
  interface Window {
    __RUNTIME_CONFIG__?: RuntimeConfig;
  }
}

/** Defaults for `vite dev` (no server-injected config): same-origin API through the dev proxy. */
const defaults: RuntimeConfig = {
  apiBase: '',
  authStrategy: 'access',
  accessTokenCheckInterval: 30000,
  refreshTokenCheckInterval: 1200000,
  accessTokenTtl: 1800,
  ga4MeasurementId: null,
  publicUrl: typeof location === 'undefined' ? '' : location.origin,
};

/** Runtime configuration injected by the server into index.html (`window.__RUNTIME_CONFIG__`). */
export const runtimeConfig: RuntimeConfig = { ...defaults, ...(typeof window === 'undefined' ? {} : window.__RUNTIME_CONFIG__) };
