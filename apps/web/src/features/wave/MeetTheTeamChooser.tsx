import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { GuestCard } from '../../layout/GuestCard.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { SelectedClientProvider, useSelectedClient } from '../../lib/selected-client.tsx';

/** The public meet-the-team page of a client on the product host (served by the server, not the portal). */
const pageOf = (nameSlug: string) => `/meet-the-team/${encodeURIComponent(nameSlug)}`;

function ClientChooser() {
  const { clients, client, isLoading, error } = useSelectedClient();
  const only = clients.length === 1 ? clients[0] : null;
  useEffect(() => {
    if (only) window.location.replace(pageOf(only.nameSlug));
  }, [only]);
  if (isLoading || only) return <Text role="status">Opening your team page…</Text>;
  if (error) return <Text c="red.9">The list of your clients could not be loaded. Reload the page to try again.</Text>;
  if (!clients.length) return <Text>You have no client yet, so there is no team page to show.</Text>;
  const ordered = client ? [client, ...clients.filter((c) => c._id !== client._id)] : clients;
  return (
    <Stack gap="xs" data-testid="meet-the-team-chooser">
      <Text size="sm">Choose whose team page to open:</Text>
      {ordered.map((c) => (
        <Anchor key={c._id} href={pageOf(c.nameSlug)} c="brand.8" underline="always">
          {c.name}
        </Anchor>
      ))}
    </Stack>
  );
}

function AddressForm() {
  const [name, setName] = useState('');
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const go = (e: FormEvent) => {
    e.preventDefault();
    if (slug) window.location.assign(pageOf(slug));
  };
  return (
    <form onSubmit={go}>
      <Stack>
        <Text size="sm">Each company has its own team page. Enter the company's site name, as in its career-site address (for example acme-health).</Text>
        <TextInput label="Company site name" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder="acme-health" />
        <Group justify="flex-end">
          <Button type="submit" color="brand.7" disabled={!slug}>
            Open the team page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * `/meet-the-team` on the product host (core §2): a company's team page lives at /meet-the-team/{nameSlug}.
 * A signed-in user goes to their client's page (or picks one of theirs); a visitor names the company.
 */
export default function MeetTheTeamChooser() {
  const { status } = useAuth();
  return (
    <GuestCard title="Meet the team" subtitle="The people behind the jobs, in their own words and videos.">
      {status === 'loading' ? (
        <Text role="status">Loading…</Text>
      ) : status === 'authed' ? (
        <SelectedClientProvider>
          <ClientChooser />
        </SelectedClientProvider>
      ) : (
        <AddressForm />
      )}
    </GuestCard>
  );
}
