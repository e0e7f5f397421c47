import { Paper, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An empty state whose hint text keeps AA contrast (gray.7 rather than Mantine's dimmed). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Stack align="center" gap={6}>
        <IconInbox size={36} stroke={1.4} color="var(--mantine-color-gray-6)" aria-hidden />
        <Text fw={600}>{title}</Text>
        {children ? (
          <Text size="sm" c="gray.7">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
