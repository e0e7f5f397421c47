import { lazy, Suspense, useSyncExternalStore } from 'react';
import { modalsWanted, subscribeModals } from '../lib/modals-host.ts';
import { lazyChunk } from '../lib/reload.ts';

const Provider = lazy(lazyChunk(() => import('./ModalsReady.tsx')));

/** Mantine's modals provider, mounted the first time a confirmation dialog is asked for (lib/modals-host.ts). */
export function ModalsHost() {
  const wanted = useSyncExternalStore(subscribeModals, modalsWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <Provider />
    </Suspense>
  ) : null;
}
