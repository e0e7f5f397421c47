import { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/*
 * Deletes waiting in their Undo window (lib/second-chance.tsx deleteWithUndo). Apart from the Undo
 * toast and the confirmation dialog, so the session code (lib/auth.tsx sends them before a sign-out)
 * does not bring those to the login page.
 */
export interface PendingDelete {
  timer: ReturnType<typeof setTimeout>;
  commit: () => Promise<unknown>;
  toastId: string;
}
export const pending = new Map<string, PendingDelete>();
const listeners = new Set<() => void>();
let version = 0;
export const changed = () => {
  version += 1;
  for (const l of listeners) l();
};

/** Sends every delete still in its Undo window now: the page is closing, or the user signs out. */
export function flushPendingDeletes(): Promise<unknown> {
  const running = [...pending].map(([key, p]) => {
    clearTimeout(p.timer);
    pending.delete(key);
    notifications.hide(p.toastId);
    return p.commit().catch((err) => console.error('A pending delete failed while it was sent early', err));
  });
  if (running.length) changed();
  return Promise.all(running);
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => void flushPendingDeletes());

/** True while `key` waits in its Undo window: lists leave it out. Re-renders when that changes. */
export function usePendingDeletes(): (key: string) => boolean {
  useSyncExternalStore(subscribe, () => version);
  return (key: string) => pending.has(key);
}
function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
