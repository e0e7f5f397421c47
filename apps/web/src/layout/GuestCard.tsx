import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The login layout: a centred card on the grey background. The card's page is the main landmark, so
 * every part of a signed-out screen sits in one (axe landmark-one-main and region).
 */
export function GuestCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="xs" mb="lg">
          <Text fw={800} c="brand.7" size="lg">
            Portal
          </Text>
          <Title order={1} size="h3">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Paper>
    </Center>
  );
}
