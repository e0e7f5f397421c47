import { type CreateUserRequest, type UpdateUserRequest, type User, userRoutes } from '@hh/contract/users';
import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, ListTable, LoadingRows } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { fullName } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { showUndo } from '../../lib/second-chance.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { UserModal } from './UserModal.tsx';

const PAGE_SIZE = 25;

/** Decision (spec shows no texts for user saves): "User created" / "User updated", errors from the server. */
const USER_CREATED = 'User created';
const USER_UPDATED = 'User updated';

export function UsersTab() {
  const me = useUser();
  const qc = useQueryClient();
  const { clients, clientId } = useSelectedClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [status, setStatus] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const list = useApiQuery(
    userRoutes.list,
    {
      query: {
        search: debounced,
        status: (status as User['status'] | null) ?? undefined,
        userTypeGlobal: (type as User['userTypeGlobal'] | null) ?? undefined,
        page,
        pageSize: PAGE_SIZE,
      },
    },
    { placeholderData: (prev) => prev },
  );
  const clientName = (id: string | null | undefined) => clients.find((c) => c._id === id)?.name ?? '';

  const save = useMutation({
    mutationFn: (body: CreateUserRequest | UpdateUserRequest) => ('_id' in body ? api(userRoutes.update, { body }) : api(userRoutes.create, { body })),
    onSuccess: (_u, body) => {
      notify.success('_id' in body ? USER_UPDATED : USER_CREATED);
      qc.invalidateQueries({ queryKey: queryKey(userRoutes.list) });
      setEditing(null);
    },
    onError: (err) => notify.error(err.message),
  });
  const setUserStatus = useMutation({
    mutationFn: (u: User) => api(userRoutes.update, { body: { _id: u._id, status: u.status === 'Active' ? 'Suspended' : 'Active' } }),
    onSuccess: (u) => {
      qc.invalidateQueries({ queryKey: queryKey(userRoutes.list) });
      if (u.status === 'Active') return notify.success(`${fullName(u)} is now active`);
      // A suspension has an Undo for 10 s.
      showUndo({
        message: `${fullName(u)} is now suspended`,
        undoneMessage: `${fullName(u)} is active again`,
        onUndo: async () => {
          await api(userRoutes.update, { body: { _id: u._id, status: 'Active' } });
          await qc.invalidateQueries({ queryKey: queryKey(userRoutes.list) });
        },
      });
    },
    onError: (err) => notify.error(err.message),
  });
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));

  return (
    <Stack>
      <Group gap="sm" justify="space-between">
        <Group gap="sm" style={{ flex: 1 }}>
          <TextInput
            aria-label="Search users"
            placeholder="Name or email"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            miw={200}
            style={{ flex: 1 }}
          />
          <Select aria-label="Status" placeholder="All statuses" data={['Active', 'Suspended']} value={status} onChange={setStatus} clearable w={150} />
          <Select aria-label="User type" placeholder="All types" data={['admin', 'recruiter', 'user']} value={type} onChange={setType} clearable w={140} />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          New user
        </Button>
      </Group>
      {list.isLoading ? (
        <LoadingRows rows={6} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data?.results.length ? (
        <EmptyState title="No users found" />
      ) : (
        <>
          <ListTable minWidth={720} headers={['Name', 'Email', 'Type', 'Client', 'Status', 'Actions']} hover>
            {list.data.results.map((u) => (
              <Table.Tr key={u._id} data-testid="user-row">
                <Table.Td>{fullName(u)}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>{u.userTypeGlobal}</Table.Td>
                <Table.Td>{clientName(u.company.companyInfo)}</Table.Td>
                <Table.Td>
                  <StatusBadge status={u.status} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="light" onClick={() => setEditing(u)}>
                      Edit
                    </Button>
                    {u._id !== me._id ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color={u.status === 'Active' ? 'red' : 'teal'}
                        onClick={() => setUserStatus.mutate(u)}
                        loading={setUserStatus.isPending && setUserStatus.variables?._id === u._id}
                      >
                        {u.status === 'Active' ? 'Suspend' : 'Activate'}
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} /> : null}
        </>
      )}
      {editing ? (
        <UserModal
          opened
          onClose={() => setEditing(null)}
          user={editing === 'new' ? null : editing}
          clients={clients}
          defaultClientId={clientId}
          saving={save.isPending}
          onSubmit={(body) => save.mutateAsync(body)}
        />
      ) : null}
    </Stack>
  );
}
