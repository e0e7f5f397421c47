import type { activityRoutes } from '@hh/contract/activity';
import { firstScreenCalls } from '@hh/contract/first-screen-calls';
import type { homeRoutes } from '@hh/contract/home';
import type { reportsRoutes } from '@hh/contract/reports';
import { activitySentence, labelOf, statusLabels } from '@hh/contract/labels';
import { Avatar, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBriefcase, IconChartBar, IconMessages, IconUserPlus, IconVideo } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, ScrollTable, Section } from '../../components/Page.tsx';
import { useUser } from '../../lib/auth.tsx';
import { fullName, useFormat } from '../../lib/format.ts';
import { useApiQueryAt } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { mayReadCandidates } from '../../layout/navigation.ts';
import { keys } from '../../lib/storage-keys.ts';
import { dayLabel } from '../reports/index.ts';
import { HomeFunnel } from './HomeFunnel.tsx';

interface QueueItem {
  id: string;
  label: string;
  value: number;
  hint: string;
  icon: ReactNode;
  to?: string;
  alert?: boolean;
}

function QueueCard({ item, loading }: { item: QueueItem; loading: boolean }) {
  const body = (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon variant="light" color={item.alert && item.value > 0 ? 'red' : 'primary2'} size={40} radius="md" aria-hidden>
        {item.icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {item.label}
        </Text>
        {loading ? (
          <Skeleton h={28} mt={4} w={48} />
        ) : (
          <Text fz={28} fw={700} lh={1.2} data-testid={`queue-${item.id}-value`}>
            {item.value}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {item.hint}
        </Text>
      </div>
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid={`queue-${item.id}`}>
      {item.to ? (
        <UnstyledButton component={Link} to={item.to} w="100%">
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Paper>
  );
}

/** The last visit to Home for this user and client, read once per mount; this visit is stored for the next one. */
function useLastVisit(userId: string, clientId: string | null): string | undefined {
  const key = clientId ? keys.homeLastVisit(userId, clientId) : null;
  const [since, setSince] = useState<{ key: string | null; value: string | undefined }>(() => ({
    key,
    value: key ? (localStorage.getItem(key) ?? undefined) : undefined,
  }));
  useEffect(() => {
    if (!key) return;
    if (since.key !== key) setSince({ key, value: localStorage.getItem(key) ?? undefined });
    localStorage.setItem(key, new Date().toISOString());
  }, [key, since.key]);
  return since.key === key ? since.value : undefined;
}

/** `/`: the selected client's work queue: what waits for the team, each with a link to it. */
export default function Home() {
  const user = useUser();
  const fmt = useFormat();
  const { client, clientId, isLoading, error, clients } = useSelectedClient();
  const since = useLastVisit(user._id, clientId);
  // Staff without a Harvest or Cultivate role see the queue but not the figures read from candidates (the server would answer 403).
  const readsCandidates = mayReadCandidates(user);
  const queue = useApiQueryAt<typeof homeRoutes.workQueue>(
    firstScreenCalls.homeWorkQueue,
    { query: { clientId: clientId ?? '', since } },
    { enabled: !!clientId },
  );
  // The last 30 days in the client's time zone, by the reports' one definition (the dashboard and /reports show the same number).
  const last30 = useApiQueryAt<typeof reportsRoutes.get>(
    firstScreenCalls.report,
    { params: { metric: 'applications' }, query: { clientId: clientId ?? '' } },
    { enabled: !!clientId && readsCandidates, silent: true, retry: false },
  );
  const logs = useApiQueryAt<typeof activityRoutes.list>(
    firstScreenCalls.activityList,
    { query: { clientId: clientId ?? undefined, pageSize: 5 } },
    { enabled: !!clientId },
  );

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
  const subs = client.subscriptions;
  const harvest = subs.harvest || subs.harvestPlus;
  const sms = (client.integrations as { twilioSms?: { enabled?: boolean } }).twilioSms?.enabled === true;
  const q = queue.data;
  const items: QueueItem[] = [
    ...(harvest
      ? [
          {
            id: 'applicants',
            label: 'New applications',
            value: q?.newApplicants ?? 0,
            hint: q ? `Since ${since ? 'your last visit' : 'the last 7 days'} (${fmt.date(q.since)})` : 'Since your last visit',
            icon: <IconUserPlus size={22} />,
            to: '/harvest/jobs',
          },
          ...(readsCandidates
            ? [
                {
                  id: 'applications-30',
                  label: 'Applications, last 30 days',
                  value: last30.data?.value ?? 0,
                  hint: last30.data ? `${dayLabel(last30.data.from)} – ${dayLabel(last30.data.to)} (${last30.data.timeZone})` : 'Every source',
                  icon: <IconChartBar size={22} />,
                  to: '/reports',
                },
              ]
            : []),
          { id: 'jobs', label: 'Open jobs', value: q?.openJobs ?? 0, hint: 'Live on the career site', icon: <IconBriefcase size={22} />, to: '/harvest/jobs' },
        ]
      : []),
    ...(subs.wave
      ? [
          {
            id: 'review',
            label: 'Profiles waiting for review',
            value: q?.profilesAwaitingReview ?? 0,
            hint: 'Submitted Wave profiles to approve or reject',
            icon: <IconVideo size={22} />,
            to: '/wave/publish-profiles',
          },
        ]
      : []),
    ...(sms
      ? [
          {
            id: 'unread',
            label: 'Unread conversations',
            value: q?.unreadConversations ?? 0,
            hint: 'Email and SMS conversations with candidates',
            icon: <IconMessages size={22} />,
            to: '/cultivate/conversations?unread=true',
          },
        ]
      : []),
    ...(harvest
      ? [
          {
            id: 'imports',
            label: 'Imports that failed',
            value: q?.failedImports ?? 0,
            hint: 'In the last 30 days: open the import to see each bad row',
            icon: <IconAlertTriangle size={22} />,
            to: '/harvest/jobs/imports',
            alert: true,
          },
        ]
      : []),
  ];
  return (
    <Stack>
      <Group gap="md" wrap="nowrap">
        <Avatar src={client.logo ?? undefined} alt="" size={56} radius="md" color="primary2">
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
        <Badge color={client.status === 'Active' ? 'teal' : 'gray'} ml="auto" variant="light">
          {labelOf(statusLabels, client.status)}
        </Badge>
      </Group>
      <section aria-labelledby="work-queue-title">
        <Title order={2} size="h4" id="work-queue-title" mb="sm">
          Waiting for you
        </Title>
        {queue.error ? (
          <ErrorState error={queue.error} onRetry={() => queue.refetch()} />
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            This client has no products with work to follow yet. An administrator turns them on under Clients, Products.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {items.map((i) => (
              <QueueCard key={i.id} item={i} loading={queue.isLoading} />
            ))}
          </SimpleGrid>
        )}
      </section>
      {harvest && readsCandidates ? <HomeFunnel clientId={client._id} /> : null}
      <Section title="Recent activity" actions={<Link to="/activity-log">See all activity</Link>}>
        {logs.isLoading ? (
          <LoadingRows rows={3} />
        ) : logs.error ? (
          <ErrorState error={logs.error} onRetry={() => logs.refetch()} />
        ) : !logs.data?.results.length ? (
          <Text c="dimmed" size="sm">
            Nothing has happened yet. Changes to jobs, users and profiles appear here.
          </Text>
        ) : (
          <ScrollTable minWidth={480}>
            <Table>
              <Table.Tbody>
                {logs.data.results.map((l) => (
                  <Table.Tr key={l._id} data-testid="home-activity">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(l.createdAt)}</Table.Td>
                    <Table.Td>{l.summary ?? activitySentence({ actor: l.actorEmail, action: l.action, entity: l.entity, changes: l.changes })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>
    </Stack>
  );
}
