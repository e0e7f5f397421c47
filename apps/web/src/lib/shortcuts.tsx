import { Kbd, Modal, Table } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** One keyboard shortcut: the key as `KeyboardEvent.key` reports it, what it does, and the handler. */
export interface Shortcut {
  key: string;
  label: string;
  run: () => void;
}

/** True when a key press belongs to what the user is typing (a field, a list box, a rich-text editor). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox' || role === 'spinbutton';
}

/**
 * Single-key shortcuts (j, k, a, r, ?) on the document while `enabled`. They never fire while the
 * user types in a field, nor with Ctrl, Cmd or Alt held (the browser's and the system's own keys), nor
 * for a key another handler already took (a drag in progress takes the arrows and the space bar).
 */
export function useShortcuts(shortcuts: Shortcut[], enabled = true) {
  const current = useRef(shortcuts);
  current.current = shortcuts;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (isTyping(e.target)) return;
      const hit = current.current.find((s) => s.key === e.key);
      if (!hit) return;
      e.preventDefault();
      hit.run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** The "?" dialog: every shortcut of the screen with its key. */
export function ShortcutsHelp({ opened, onClose, title, shortcuts }: { opened: boolean; onClose: () => void; title: string; shortcuts: Shortcut[] }) {
  // Escape closes this dialog only, wherever focus is (it opens from a key press, and focus moves into
  // it only once its transition has run). Mantine's modals each listen on the window (capture); a drawer
  // under this dialog is kept open by its owner while the dialog is open, so the dialog is closed here
  // alone (not by Mantine, whose state change would reach the drawer's listener within the same key
  // press) and no later listener sees the key.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      close.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);
  return (
    <Modal opened={opened} onClose={onClose} closeOnEscape={false} title={title} closeButtonProps={{ 'aria-label': 'Close keyboard shortcuts' }} zIndex={400}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>What it does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>
                <Kbd>{s.key}</Kbd>
              </Table.Td>
              <Table.Td>{s.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
