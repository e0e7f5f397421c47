import { type CalendarConnection, calendarRoutes } from '@hh/contract/calendars';
import { Alert, Anchor, Button, Group, List, Paper, PasswordInput, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { healthText } from './health.ts';

const problem = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function ConnectionRow({ c, clientId }: { c: CalendarConnection; clientId: string }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(calendarRoutes.listConnections) });
  const sync = useMutation({
    mutationFn: () => api(calendarRoutes.sync, { params: { id: c.id }, body: { clientId } }),
    onSuccess: (r) => notify.success(r.message),
    onError: (err) => notify.error(problem(err, 'The calendar could not be synced')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api(calendarRoutes.remove, { params: { id: c.id }, query: { clientId } }),
    onSuccess: (r) => {
      notify.success(r.message);
      refresh();
    },
    onError: (err) => notify.error(problem(err, 'The calendar could not be removed')),
  });
  const health = healthText(c);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="calendar-connection">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={600}>{c.name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {c.source}
          </Text>
          <Text size="sm" c={health.ok ? 'teal.9' : 'red.9'} data-testid="calendar-health">
            {health.text}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" loading={sync.isPending} onClick={() => sync.mutate()} aria-label={`Sync now: ${c.name}`}>
            Sync now
          </Button>
          <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${c.name}`}>
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function CalDavForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [calendars, setCalendars] = useState<{ url: string; name: string }[] | null>(null);
  const [calendarUrl, setCalendarUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const creds = { clientId, serverUrl, username, password };
  const discover = useMutation({
    mutationFn: () => api(calendarRoutes.discover, { body: creds }),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      setCalendars(r.calendars);
      setCalendarUrl(r.calendars[0]?.url ?? null);
      if (!r.calendars.length) setError('This account has no calendars to read.');
    },
    onError: (err) => setError(problem(err, 'The calendars could not be listed')),
  });
  const connect = useMutation({
    mutationFn: () => api(calendarRoutes.connect, { body: { ...creds, kind: 'caldav', calendarUrl: calendarUrl ?? undefined } }),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      notify.success(r.message);
      setPassword('');
      setCalendars(null);
      onDone();
    },
    onError: (err) => setError(problem(err, 'The calendar could not be connected')),
  });
  const changed = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.value);
    setCalendars(null);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (calendars?.length) connect.mutate();
        else discover.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput label="Server URL" required placeholder="https://caldav.example.com/" value={serverUrl} onChange={changed(setServerUrl)} />
        <TextInput
          label="User name"
          required
          description="Usually your email address"
          value={username}
          onChange={changed(setUsername)}
          autoComplete="username"
        />
        <PasswordInput
          label="App password"
          required
          description="An app password made for this product, not your main password"
          value={password}
          onChange={changed(setPassword)}
          autoComplete="new-password"
        />
        <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
          <List.Item>
            <b>Google</b>: server https://apidata.googleusercontent.com/caldav/v2/, and an app password from your Google Account (Security, 2-Step Verification,
            App passwords).
          </List.Item>
          <List.Item>
            <b>iCloud</b>: server https://caldav.icloud.com/, and an app-specific password from account.apple.com (Sign-In and Security).
          </List.Item>
          <List.Item>
            <b>Fastmail</b>: server https://caldav.fastmail.com/, and an app password from Settings, Privacy &amp; Security, with calendar access.
          </List.Item>
        </List>
        {calendars && calendars.length > 0 && (
          <Select
            label="Calendar"
            data={calendars.map((c) => ({ value: c.url, label: c.name }))}
            value={calendarUrl}
            onChange={setCalendarUrl}
            allowDeselect={false}
          />
        )}
        {error && (
          <Alert color="red" role="alert" title="Not connected">
            {error}
          </Alert>
        )}
        <Group>
          {calendars?.length ? (
            <Button type="submit" loading={connect.isPending}>
              Connect calendar
            </Button>
          ) : (
            <Button type="submit" loading={discover.isPending}>
              Find calendars
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function IcsForm({ clientId, onDone }: { clientId: string; onDone: () => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: () => api(calendarRoutes.connect, { body: { clientId, kind: 'ics', url, name: name || undefined } }),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      notify.success(r.message);
      setUrl('');
      setName('');
      onDone();
    },
    onError: (err) => setError(problem(err, 'The feed could not be added')),
  });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        subscribe.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Feed address"
          required
          placeholder="https://… or webcal://…"
          description="The calendar's public or secret iCal address (in Google Calendar: Settings, your calendar, Secret address in iCal format)"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        <TextInput label="Name (optional)" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {error && (
          <Alert color="red" role="alert" title="Not added">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={subscribe.isPending}>
            Add feed
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/connect-calendar`: the person's calendar connections with their health; add a CalDAV calendar or an ICS feed. */
export default function ConnectCalendarPage() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const list = useApiQuery(calendarRoutes.listConnections, { query: { clientId: clientId ?? undefined } }, { enabled: Boolean(clientId) });
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKey(calendarRoutes.listConnections) });
    qc.invalidateQueries({ queryKey: queryKey(calendarRoutes.busy) });
  };
  const items = list.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Connect a calendar"
        description="Your busy times keep interviews off your calendar's meetings. Only the times are read: no titles or guests."
        actions={
          <Anchor component={Link} underline="always" to="/my-schedule">
            My schedule
          </Anchor>
        }
      />
      <Stack>
        <Section title="Your calendars">
          {!clientId ? (
            <EmptyState title="Choose a client first">Calendars are connected for the client you work in.</EmptyState>
          ) : list.isLoading ? (
            <LoadingRows rows={2} />
          ) : list.error ? (
            <ErrorState error={list.error} onRetry={() => list.refetch()} />
          ) : !items.length ? (
            <EmptyState title="No calendars connected yet">Add one below; its busy times are read right away and every 15 minutes.</EmptyState>
          ) : (
            <Stack gap="sm">
              {items.map((c) => (
                <ConnectionRow key={c.id} c={c} clientId={clientId} />
              ))}
            </Stack>
          )}
        </Section>
        {clientId && (
          <Section title="Add a calendar">
            <Tabs defaultValue="caldav" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="caldav">CalDAV account</Tabs.Tab>
                <Tabs.Tab value="ics">ICS feed</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="caldav">
                <CalDavForm clientId={clientId} onDone={refresh} />
              </Tabs.Panel>
              <Tabs.Panel value="ics">
                <IcsForm clientId={clientId} onDone={refresh} />
              </Tabs.Panel>
            </Tabs>
          </Section>
        )}
      </Stack>
    </>
  );
}
