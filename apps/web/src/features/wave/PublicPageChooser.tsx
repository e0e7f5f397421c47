import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { GuestCard } from '../../layout/GuestCard.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { SelectedClientProvider, useSelectedClient } from '../../lib/selected-client.tsx';

/** A public page every client has at `{base}/{nameSlug}` on the product host (drawn by the server, not the portal). */
export interface PublicPage {
  /** The path without the company, e.g. `/meet-the-team`. */
  base: string;
  /** What the page is called in a sentence, e.g. "team page". */
  what: string;
  title: string;
  subtitle: string;
  testId: string;
}

const pageOf = (p: PublicPage, nameSlug: string) => `${p.base}/${encodeURIComponent(nameSlug)}`;

function ClientChooser({ p }: { p: PublicPage }) {
  const { clients, client, isLoading, error } = useSelectedClient();
  const only = clients.length === 1 ? clients[0] : null;
  useEffect(() => {
    if (only) window.location.replace(pageOf(p, only.nameSlug));
  }, [only, p]);
  if (isLoading || only) return <Text role="status">Opening your {p.what}…</Text>;
  if (error) return <Text c="red.9">The list of your clients could not be loaded. Reload the page to try again.</Text>;
  if (!clients.length) return <Text>You have no client yet, so there is no {p.what} to show.</Text>;
  const ordered = client ? [client, ...clients.filter((c) => c._id !== client._id)] : clients;
  return (
    <Stack gap="xs" data-testid={p.testId}>
      <Text size="sm">Choose whose {p.what} to open:</Text>
      {ordered.map((c) => (
        <Anchor key={c._id} href={pageOf(p, c.nameSlug)} c="brand.8" underline="always">
          {c.name}
        </Anchor>
      ))}
    </Stack>
  );
}

function AddressForm({ p }: { p: PublicPage }) {
  const [name, setName] = useState('');
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const go = (e: FormEvent) => {
    e.preventDefault();
    if (slug) window.location.assign(pageOf(p, slug));
  };
  return (
    <form onSubmit={go}>
      <Stack>
        <Text size="sm">Each company has its own {p.what}. Enter the company's site name, as in its career-site address (for example acme-health).</Text>
        <TextInput label="Company site name" value={name} onChange={(e) => setName(e.currentTarget.value)} placeholder="acme-health" />
        <Group justify="flex-end">
          <Button type="submit" color="brand.7" disabled={!slug}>
            Open the {p.what}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A client's public page named without its company on the product host (core §2: `/meet-the-team`,
 * `/motivator-search/{nameSlug?}`): a signed-in user goes to their client's page (or picks one of
 * theirs); a visitor names the company.
 */
export function PublicPageChooser({ page }: { page: PublicPage }) {
  const { status } = useAuth();
  return (
    <GuestCard title={page.title} subtitle={page.subtitle}>
      {status === 'loading' ? (
        <Text role="status">Loading…</Text>
      ) : status === 'authed' ? (
        <SelectedClientProvider>
          <ClientChooser p={page} />
        </SelectedClientProvider>
      ) : (
        <AddressForm p={page} />
      )}
    </GuestCard>
  );
}
