import { labelOf, statusLabels } from '@hh/contract/labels';
import { Badge } from '@mantine/core';

/** A status in the contract's words (Active, Suspended, Draft, Sent…), never truncated inside narrow table cells. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'Active' ? 'teal' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {labelOf(statusLabels, status)}
    </Badge>
  );
}
