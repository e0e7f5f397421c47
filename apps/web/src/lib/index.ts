/** What feature folders use: the API client, queries, session, selected client, notifications. */
export { trackEvent } from './analytics.ts';
export { ApiError, api, buildUrl, errorText, type ApiOptions } from './api.ts';
export { useAuth, useUser } from './auth.tsx';
export { startLoading, stopLoading, withLoading } from './loading-bar.ts';
export { notify } from './notify.ts';
export { useApiQuery } from './query.ts';
export { lazyChunk } from './reload.ts';
export { runtimeConfig } from './runtime-config.ts';
export { type Paged, useSelectedClient } from './selected-client.tsx';
export { uploadImage } from './upload.ts';
export type { NavItem, Product } from './nav.ts';
