import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { notify } from './notify.ts';

/**
 * Second chances (issue 15): a confirmation before a destructive action, and a 10-second Undo toast
 * after close and delete. `confirmDanger` resolves true only on the confirm button.
 */
export function confirmDanger(opts: { title: string; children: ReactNode; confirmLabel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      children: <Text size="sm">{opts.children}</Text>,
      labels: { confirm: opts.confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'confirm-danger' } as Record<string, unknown>,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export const UNDO_SECONDS = 10;

/**
 * The done-message with an Undo button for UNDO_SECONDS. Undo runs `onUndo`; its success shows
 * `undoneMessage`, its failure the error's own text.
 */
export function showUndo(opts: { message: string; undoneMessage: string; onUndo: () => Promise<unknown> }) {
  const id = `undo-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  let used = false;
  notifications.show({
    id,
    color: 'teal',
    withBorder: true,
    autoClose: UNDO_SECONDS * 1000,
    'data-type': 'success',
    'data-testid': 'undo-toast',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{opts.message}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={async () => {
            if (used) return;
            used = true;
            notifications.hide(id);
            try {
              await opts.onUndo();
              notify.success(opts.undoneMessage);
            } catch (err) {
              notify.error(err instanceof Error ? err.message : 'The change could not be undone');
            }
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  } as Parameters<typeof notifications.show>[0]);
}
