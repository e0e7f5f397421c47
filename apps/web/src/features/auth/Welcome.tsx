import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GuestCard } from '../../layout/GuestCard.tsx';

/**
 * `index` is a guest route (core spec §2): an anonymous visitor on / sees this welcome with the
 * way in, instead of being redirected; a signed-in user sees the selected client's home.
 */
export default function Welcome() {
  return (
    <GuestCard title="Humanize hiring" subtitle="Career sites, jobs, candidates and employee video profiles for every client you manage.">
      <Stack gap="sm">
        <Button component={Link} to="/login" size="md" data-testid="welcome-sign-in">
          Sign in
        </Button>
        <Text size="sm" c="dimmed">
          Looking for a job? Open your employer's career site from their job posting.
        </Text>
      </Stack>
    </GuestCard>
  );
}
