import type { Candidate } from '@hh/contract/crm';
import { Badge, Button, Group, Modal, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@hh/contract/messages';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDay } from '../../../lib/format.ts';
import { canMergeCandidates } from '../rights.ts';
import { type DuplicatePair, type MergeSummary, REASON_LABEL, useDismiss, useMerge, useUndoMerge } from './hooks.ts';

const place = (c: Candidate) => [c.address.city, c.address.state, c.address.zipCode].filter(Boolean).join(', ') || '—';
const day = (iso: string) => formatDay(iso);
const name = (c: Candidate) => `${c.firstName} ${c.lastName}`.trim() || c.email;

const ROWS: Array<[string, (c: Candidate) => string]> = [
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone || '—'],
  ['Location', place],
  ['Status', (c) => c.status],
  ['Source', (c) => c.source],
  ['Tags', (c) => c.tags.join(', ') || '—'],
  ['Applications', (c) => c.applications.map((a) => a.jobTitle || 'A job').join(', ') || 'None'],
  ['Files', (c) => String(c.files.length)],
  ['Added', (c) => day(c.createdAt)],
];

/** Shows "Merged. Undo" for 12 seconds; the undo stays on the duplicates page for 24 hours. */
function useMergedToast(clientId: string | null) {
  const undo = useUndoMerge(clientId);
  return (m: MergeSummary, message: string) => {
    const id = `merge-${m._id}`;
    notifications.show({
      id,
      color: 'teal',
      withBorder: true,
      autoClose: 12_000,
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{message}</Text>
          <Button
            size="compact-sm"
            variant="light"
            data-testid="undo-merge-toast"
            onClick={() => {
              notifications.hide(id);
              undo.mutate(m);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };
}

/**
 * Two candidates side by side: the recruiter picks who stays, confirms, and the other is merged in
 * (everything of both is kept; undo within 24 hours). "Not the same person" dismisses the pair.
 * Merging needs editor (docs/permissions.md): a member sees the pair and may dismiss it, not merge.
 */
export function MergeCompare({
  pair,
  clientId,
  onDone,
  explainRights = true,
}: {
  pair: DuplicatePair;
  clientId: string;
  onDone?: () => void;
  /** Say why there is no Merge button (a member); a page of pairs says it once instead. */
  explainRights?: boolean;
}) {
  const [a, b] = pair.candidates;
  const [keep, setKeep] = useState(a._id);
  const [confirm, setConfirm] = useState(false);
  const toast = useMergedToast(clientId);
  const merge = useMerge(clientId, (r) => {
    setConfirm(false);
    toast(r.merge, r.message);
    onDone?.();
  });
  const dismiss = useDismiss(clientId);
  const mayMerge = canMergeCandidates(useAuth().user);
  const survivor = keep === a._id ? a : b;
  const other = keep === a._id ? b : a;
  return (
    <Stack gap="sm" data-testid="duplicate-pair">
      <Group gap={6}>
        {pair.reasons.map((r) => (
          <Badge key={r} color="orange" variant="light">
            {REASON_LABEL[r]}
          </Badge>
        ))}
      </Group>
      <Radio.Group value={keep} onChange={setKeep} label="Keep" description="The other candidate is merged into this one.">
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={84}>
                  <Text size="sm" c="gray.7">
                    Field
                  </Text>
                </Table.Th>
                {[a, b].map((c) => (
                  <Table.Th key={c._id} style={{ wordBreak: 'break-word' }}>
                    <Radio value={c._id} label={name(c)} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROWS.map(([label, get]) => (
                <Table.Tr key={label}>
                  <Table.Td>
                    <Text size="sm" c="gray.7">
                      {label}
                    </Text>
                  </Table.Td>
                  {[a, b].map((c) => (
                    <Table.Td key={c._id} style={{ wordBreak: 'break-word' }} fw={get(a) !== get(b) ? 600 : undefined}>
                      <Text size="sm">{get(c)}</Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Radio.Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" loading={dismiss.isPending} onClick={() => dismiss.mutate([a._id, b._id])}>
          Not the same person
        </Button>
        {mayMerge ? (
          <Button onClick={() => setConfirm(true)} data-testid="merge-button">
            Merge…
          </Button>
        ) : null}
      </Group>
      {mayMerge || !explainRights ? null : (
        <Text size="sm" c="gray.7" ta="right" data-testid="merge-needs-editor">
          {messages.crm.mergeNeedsEditor}
        </Text>
      )}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Merge these candidates?" centered>
        <Stack gap="sm">
          <Text size="sm">
            {name(other)} will be merged into {name(survivor)} ({survivor.email}). Every application, file, tag, note and timeline entry of both is kept on{' '}
            {name(survivor)}.
          </Text>
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm" c="gray.7">
              Applications after the merge
            </Text>
            <Text size="sm">{new Set([...a.applications, ...b.applications].map((x) => x.jobId)).size}</Text>
            <Text size="sm" c="gray.7">
              Files after the merge
            </Text>
            <Text size="sm">{a.files.length + b.files.length}</Text>
          </SimpleGrid>
          <Text size="sm" c="gray.7">
            You can undo the merge for 24 hours.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button loading={merge.isPending} onClick={() => merge.mutate({ survivorId: survivor._id, mergedId: other._id })} data-testid="confirm-merge">
              Merge
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
