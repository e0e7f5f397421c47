import { clientRoutes } from '@hh/contract/clients';
import type { Client } from '@hh/contract/clients';
import { messages } from '@hh/contract/messages';
import { Button, Group, Modal, Pagination, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, ErrorState, ListTable, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

const PAGE_SIZE = 25;

/** Create-client error text: on 403/409 the server's first `errorMsg.clients` message, else the spec's text. */
function createClientErrorText(err: unknown): string {
  if (err instanceof ApiError && (err.status === 403 || err.status === 409)) return err.first('clients') ?? messages.clients.createError;
  return messages.clients.createError;
}

function CreateClientModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  // The rules (name required, slug shape, lengths) are the contract's create schema.
  const form = useContractForm(clientRoutes.create, {
    initialValues: { name: '', nameSlug: '', industry: '', active: true },
    toBody: (v) => ({
      name: v.name,
      ...(v.nameSlug.trim() ? { nameSlug: v.nameSlug.trim() } : {}),
      industry: v.industry.trim() || null,
      status: v.active ? ('Active' as const) : ('Suspended' as const),
    }),
  });
  const [slugTaken, setSlugTaken] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(clientRoutes.create, { body }),
    onSuccess: (c) => {
      notify.success(messages.clients.createSuccess);
      qc.invalidateQueries({ queryKey: queryKey(clientRoutes.list) });
      onClose();
      navigate(`/clients/${c._id}`);
    },
    onError: (err) => {
      form.showServerErrors(err);
      if (err instanceof ApiError) setSlugTaken(err.first('clients'));
      notify.error(createClientErrorText(err));
    },
  });
  const submit = form.onSubmit(() => {
    setSlugTaken(undefined);
    create.mutate(form.body());
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New client" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="URL slug"
            description="Optional. Derived from the name when empty."
            {...form.getInputProps('nameSlug')}
            error={form.errors.nameSlug ?? slugTaken}
          />
          <TextInput label="Industry" {...form.getInputProps('industry')} />
          <Switch label="Active" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!form.values.name.trim()}>
              Create client
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** `/clients`: the clients the user may access, with search, status filter and create. */
export default function ClientsPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [opened, { open, close }] = useDisclosure(false);
  const list = useApiQuery(
    clientRoutes.list,
    { query: { search: debounced, status: (status as Client['status'] | null) ?? undefined, page, pageSize: PAGE_SIZE } },
    { placeholderData: (prev) => prev },
  );
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <>
      <PageHeader
        title="Clients"
        description="Every client you manage."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={open}>
            New client
          </Button>
        }
      />
      <Group mb="md" gap="sm" grow preventGrowOverflow={false}>
        <TextInput
          aria-label="Search clients"
          placeholder="Search by name or slug"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          miw={200}
        />
        <Select
          aria-label="Status"
          placeholder="All statuses"
          data={['Active', 'Suspended']}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          maw={200}
        />
      </Group>
      {list.isLoading ? (
        <LoadingRows rows={6} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data?.results.length ? (
        <EmptyState title="No clients found">{debounced || status ? 'Try another search or filter.' : 'Create your first client.'}</EmptyState>
      ) : (
        <Stack>
          <ListTable minWidth={560} headers={['Name', 'Slug', 'Industry', 'Products', 'Status']} hover>
            {list.data.results.map((c) => (
              <Table.Tr key={c._id}>
                <Table.Td>
                  <Link to={`/clients/${c._id}`}>{c.name}</Link>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {c.nameSlug}
                  </Text>
                </Table.Td>
                <Table.Td>{c.industry}</Table.Td>
                <Table.Td>{Object.values(c.subscriptions).filter(Boolean).length}</Table.Td>
                <Table.Td>
                  <StatusBadge status={c.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} /> : null}
        </Stack>
      )}
      <CreateClientModal opened={opened} onClose={close} />
    </>
  );
}
