import { errorScreen } from '@hh/contract/messages/error-screen';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Unknown page (core spec §2): "This page could not be found". */
export default function NotFound() {
  return (
    <Center mih={360}>
      <Stack align="center" gap="xs">
        <IconMapOff size={48} stroke={1.4} color="var(--mantine-color-brand-5)" aria-hidden />
        <Title order={1} size="h3">
          {errorScreen.pageNotFound}
        </Title>
        <Text c="dimmed">404</Text>
        <Anchor component={Link} to="/">
          {errorScreen.homeLink}
        </Anchor>
      </Stack>
    </Center>
  );
}
