/*
 * Mantine's modals provider (the confirmation dialogs of lib/second-chance.tsx) is mounted the first
 * time a dialog is asked for, not with the shell: with Modal, its overlay, focus trap and scroll lock
 * it is about 10 KB gzipped that the dashboard's first load would carry for a dialog few visits open.
 * layout/ModalsHost.tsx mounts it when `whenModalsReady` is first called and reports back once it
 * listens, so the dialog asked for is not lost.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Asks for the modals provider; resolves once it is mounted and listening. */
export function whenModalsReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return ready;
}

/** layout/ModalsHost.tsx: whether the provider has been asked for, and when that changes. */
export const modalsWanted = () => wanted;
export function subscribeModals(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Called by the provider's wrapper once mounted (its effects run after the provider's own). */
export function modalsMounted() {
  markReady();
}
