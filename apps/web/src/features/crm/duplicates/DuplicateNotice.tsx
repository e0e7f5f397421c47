import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { REASON_LABEL, useCandidateDuplicates } from './hooks.ts';
import { MergeCompare } from './MergeCompare.tsx';

/** In the candidate drawer: "This candidate may be a duplicate", with the comparison a click away. */
export function DuplicateNotice({ clientId, candidateId }: { clientId: string; candidateId: string }) {
  const dups = useCandidateDuplicates(clientId, candidateId);
  const [open, setOpen] = useState<string | null>(null);
  const pairs = dups.data?.results ?? [];
  if (!pairs.length) return null;
  const pair = pairs.find((p) => p._id === open);
  return (
    <Alert color="orange" icon={<IconUsersGroup size={18} />} title="Possible duplicate" data-testid="duplicate-notice">
      {pairs.map((p) => {
        const other = p.candidates.find((c) => c._id !== candidateId) ?? p.candidates[1];
        return (
          <Group key={p._id} justify="space-between" gap="xs" mt={4}>
            <Text size="sm">
              {other.firstName} {other.lastName} ({other.email}) · {p.reasons.map((r) => REASON_LABEL[r].toLowerCase()).join(', ')}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => setOpen(p._id)}>
              Compare
            </Button>
          </Group>
        );
      })}
      <Modal opened={!!pair} onClose={() => setOpen(null)} title="Compare candidates" size="xl">
        {pair ? <MergeCompare pair={pair} clientId={clientId} onDone={() => setOpen(null)} /> : null}
      </Modal>
    </Alert>
  );
}
