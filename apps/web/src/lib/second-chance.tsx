import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { whenModalsReady } from './modals-host.ts';
import { notify } from './notify.ts';
import { changed, pending } from './pending-deletes.ts';

export { flushPendingDeletes, usePendingDeletes } from './pending-deletes.ts';

/**
 * Second chances: a confirmation before a destructive action, and a 10-second Undo toast
 * after close and delete. `confirmDanger` resolves true only on the confirm button.
 */
export function confirmDanger(opts: { title: string; children: ReactNode; confirmLabel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    // The provider is mounted with the first dialog (lib/modals-host.ts).
    void whenModalsReady().then(() =>
      modals.openConfirmModal({
        title: opts.title,
        children: <Text size="sm">{opts.children}</Text>,
        labels: { confirm: opts.confirmLabel, cancel: 'Cancel' },
        confirmProps: { color: 'red', 'data-testid': 'confirm-danger' } as Record<string, unknown>,
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );
  });
}

export const UNDO_SECONDS = 10;

/**
 * The done-message with an Undo button for UNDO_SECONDS. Undo runs `onUndo`; its success shows
 * `undoneMessage`, its failure the error's own text.
 */
/** The success toast with an Undo button, open for UNDO_SECONDS (both kinds of second chance use it). */
function undoToast(id: string, message: string, onUndo: () => void) {
  notifications.show({
    id,
    color: 'teal',
    withBorder: true,
    autoClose: UNDO_SECONDS * 1000,
    'data-type': 'success',
    'data-testid': 'undo-toast',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onUndo}>
          Undo
        </Button>
      </Group>
    ),
  } as Parameters<typeof notifications.show>[0]);
}

export function showUndo(opts: { message: string; undoneMessage: string; onUndo: () => Promise<unknown> }) {
  const id = `undo-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  let used = false;
  undoToast(id, opts.message, async () => {
    if (used) return;
    used = true;
    notifications.hide(id);
    try {
      await opts.onUndo();
      notify.success(opts.undoneMessage);
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'The change could not be undone');
    }
  });
}

/*
 * Undo for deletes. The server deletes for good (a department's jobs are unlinked, a
 * category leaves every department), so a delete cannot be reversed by a second call. Instead the
 * row is hidden at once and the DELETE is sent when the Undo window closes; Undo only shows the row
 * again. A page that unloads in the window sends its pending deletes at once (keepalive fetch).
 */
/**
 * Hides `key` now and shows `message` with Undo for UNDO_SECONDS; then runs `commit` (the DELETE,
 * sent with `keepalive`). `onCommitted` refreshes the lists; a failed commit shows the row again and
 * the error's own text.
 */
export function deleteWithUndo(opts: {
  key: string;
  message: string;
  undoneMessage: string;
  commit: () => Promise<unknown>;
  onCommitted?: () => void;
  /** Shown if the delete fails; the server's own text otherwise. */
  errorMessage?: string;
}) {
  if (pending.has(opts.key)) return;
  const toastId = `undo-delete-${opts.key}`;
  const run = async () => {
    if (!pending.delete(opts.key)) return;
    try {
      await opts.commit();
      opts.onCommitted?.();
    } catch (err) {
      console.warn('The delete failed', err);
      notify.error(opts.errorMessage ?? (err instanceof Error ? err.message : 'The delete failed'));
    } finally {
      changed();
    }
  };
  pending.set(opts.key, { timer: setTimeout(run, UNDO_SECONDS * 1000), commit: opts.commit, toastId });
  changed();
  undoToast(toastId, opts.message, () => {
    const p = pending.get(opts.key);
    notifications.hide(toastId);
    if (!p) {
      notify.error('Too late to undo: it has been deleted');
      return;
    }
    clearTimeout(p.timer);
    pending.delete(opts.key);
    changed();
    notify.success(opts.undoneMessage);
  });
}
