import type { activityLogList } from '@hh/contract/users';
import type { formQuestionList } from '@hh/contract/clients';
import { Avatar, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EmptyState, ErrorState, LoadingRows, Section } from '../components/Page.tsx';
import { useUser } from '../lib/auth.tsx';
import { formatDate, fullName } from '../lib/format.ts';
import { useApiQuery } from '../lib/query.ts';
import { useSelectedClient } from '../lib/selected-client.tsx';

function Stat({ label, value, loading }: { label: string; value: string | number; loading?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} mt={6} w={60} />
      ) : (
        <Text fz={28} fw={700} data-testid={`stat-${label}`}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** `/`: the selected client's home: summary cards and recent activity. */
export default function Home() {
  const user = useUser();
  const { client, clientId, isLoading, error, clients } = useSelectedClient();
  const questions = useApiQuery<z.infer<typeof formQuestionList>>('/api/client/get-form-questions', { clientId }, { enabled: !!clientId });
  const logs = useApiQuery<z.infer<typeof activityLogList>>('/api/activity-logs', { clientId, pageSize: 5 }, { enabled: !!clientId });

  if (isLoading) return <LoadingRows rows={6} />;
  if (error) return <ErrorState error={error} />;
  if (!client)
    return (
      <EmptyState title="No client yet">
        {clients.length === 0 && user.userTypeGlobal !== 'user' ? (
          <Link to="/clients">Create your first client</Link>
        ) : (
          'Ask your administrator for access to a client.'
        )}
      </EmptyState>
    );
  const subs = Object.entries(client.subscriptions).filter(([, on]) => on);
  return (
    <Stack>
      <Group gap="md" wrap="nowrap">
        <Avatar src={client.logo ?? undefined} size={56} radius="md" color="brand">
          {client.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" data-testid="home-client-name">
            {client.name}
          </Title>
          <Text c="dimmed" size="sm">
            Welcome, {fullName(user)}
          </Text>
        </div>
        <Badge color={client.status === 'Active' ? 'teal' : 'gray'} ml="auto">
          {client.status}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label="Subscriptions" value={subs.length} />
        <Stat label="Unread conversations" value={client.unreadConversationsCount} />
        <Stat label="Form questions" value={questions.data?.totalCount ?? 0} loading={questions.isLoading} />
        <Stat label="Activity events" value={logs.data?.totalCount ?? 0} loading={logs.isLoading} />
      </SimpleGrid>
      <Section title="Products">
        {subs.length ? (
          <Group gap="xs">
            {subs.map(([k]) => (
              <Badge key={k} variant="light" size="lg">
                {k}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text c="dimmed" size="sm">
            This client has no subscriptions yet.
          </Text>
        )}
      </Section>
      <Section title="Recent activity" actions={<Link to="/activity-log">See all</Link>}>
        {logs.isLoading ? (
          <LoadingRows rows={3} />
        ) : logs.error ? (
          <ErrorState error={logs.error} onRetry={() => logs.refetch()} />
        ) : !logs.data?.results.length ? (
          <Text c="dimmed" size="sm">
            Nothing has happened yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Tbody>
                {logs.data.results.map((l) => (
                  <Table.Tr key={l._id}>
                    <Table.Td>{formatDate(l.createdAt)}</Table.Td>
                    <Table.Td>{l.actorEmail ?? 'system'}</Table.Td>
                    <Table.Td>
                      {l.action} {l.entity}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </Stack>
  );
}
