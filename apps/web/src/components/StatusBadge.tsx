import { Badge } from '@mantine/core';

/** Active / Suspended, never truncated inside narrow table cells. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'Active' ? 'teal' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}
