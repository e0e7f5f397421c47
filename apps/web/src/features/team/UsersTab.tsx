import { type CreateUserRequest, type UpdateUserRequest, type User, userRoutes } from '@hh/contract/users';
import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, ListTable, LoadingRows } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { fullName } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSearchState, useSearchText } from '../../lib/search-state.ts';
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
  // The search, filters and page live in the address, so a filtered list survives a reload and can be shared.
  const { values: q, set } = useSearchState(userRoutes.list, { search: '', status: '', userTypeGlobal: '', page: 1 }, { page: 'page' });
  const [search, setSearch] = useSearchText(q.search, (text) => set({ search: text }), 250);
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const list = useApiQuery(
    userRoutes.list,
    {
      query: {
        search: q.search || undefined,
        status: q.status || undefined,
        userTypeGlobal: q.userTypeGlobal || undefined,
        page: q.page,
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
            onChange={(e) => setSearch(e.currentTarget.value)}
            miw={200}
            style={{ flex: 1 }}
          />
          <Select
            aria-label="Status"
            placeholder="All statuses"
            data={['Active', 'Suspended']}
            value={q.status || null}
            onChange={(v) => set({ status: (v ?? '') as typeof q.status })}
            clearable
            w={150}
          />
          <Select
            aria-label="User type"
            placeholder="All types"
            data={['admin', 'recruiter', 'user']}
            value={q.userTypeGlobal || null}
            onChange={(v) => set({ userTypeGlobal: (v ?? '') as typeof q.userTypeGlobal })}
            clearable
            w={140}
          />
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
          {pages > 1 ? <Pagination value={q.page} onChange={(page) => set({ page })} total={pages} /> : null}
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
