import { categoryRoutes, type Department, departmentRoutes } from '@hh/contract/jobs';
import { messages } from '@hh/contract/messages';
import { ActionIcon, Button, Grid, Group, MultiSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { deleteWithUndo, usePendingDeletes } from '../../lib/second-chance.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useCategories, useDepartments } from './hooks.ts';

/** 001 §5: on 401/403 from department saves the server's field message is shown; otherwise the first message. */
const fail = (fallback: string) => (err: unknown) => notify.error(err instanceof ApiError ? (err.first('department') ?? err.message) : fallback);

function DepartmentRow({ d, categories, clientId }: { d: Department; categories: Array<{ value: string; label: string }>; clientId: string }) {
  const qc = useQueryClient();
  const [name, setName] = useState(d.name);
  const [cats, setCats] = useState<string[]>(d.categoryIds);
  const dirty = name !== d.name || cats.join() !== d.categoryIds.join();
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKey(departmentRoutes.byClientId) });
    qc.invalidateQueries({ queryKey: queryKey(categoryRoutes.list) });
  };
  const save = useMutation({
    mutationFn: () => api(departmentRoutes.update, { body: { clientId, _id: d._id, name, categoryIds: cats } }),
    onSuccess: (r) => {
      notify.success(r.message);
      refresh();
    },
    onError: fail('The department could not be saved'),
  });
  // Issue 15: delete at once, with Undo for 10 s (the DELETE is sent when the window closes).
  const remove = () =>
    deleteWithUndo({
      key: `department:${d._id}`,
      message: messages.recruiting.departmentDeleted,
      undoneMessage: `${d.name} is back.`,
      commit: () => api(departmentRoutes.remove, { query: { clientId, departmentId: d._id }, body: undefined }, { keepalive: true }),
      onCommitted: refresh,
    });
  // Issue 15: a card per department (no table cells to cut names or push buttons out), wrapping at 700 px.
  return (
    <Paper withBorder p="sm" radius="md" data-testid="department-row">
      <Grid align="flex-end" gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Name" aria-label={`Name of ${d.name}`} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <MultiSelect
            label="Categories"
            aria-label={`Categories of ${d.name}`}
            data={categories}
            value={cats}
            onChange={setCats}
            placeholder={cats.length ? undefined : 'None'}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {d.jobCount ?? 0} open {d.jobCount === 1 ? 'job' : 'jobs'}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button size="xs" disabled={!dirty || !name.trim()} loading={save.isPending} onClick={() => save.mutate()}>
                Save
              </Button>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${d.name}`} onClick={remove}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** `/harvest/departments`: departments (with their categories) and the client's job categories. */
export default function Departments() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const deps = useDepartments(clientId);
  const cats = useCategories(clientId);
  const [newDep, setNewDep] = useState('');
  const [newCat, setNewCat] = useState('');
  const categoryOptions = (cats.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
  const createDep = useMutation({
    mutationFn: () => api(departmentRoutes.create, { body: { clientId: clientId ?? '', name: newDep } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.recruiting.departmentCreated);
      setNewDep('');
      qc.invalidateQueries({ queryKey: queryKey(departmentRoutes.byClientId) });
    },
    onError: fail('The department could not be created'),
  });
  const saveCat = useMutation({
    mutationFn: (v: { id?: string; name: string }) => api(categoryRoutes.save, { body: { clientId: clientId ?? '', ...v } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setNewCat('');
      qc.invalidateQueries({ queryKey: queryKey(categoryRoutes.list) });
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The category could not be saved'),
  });
  const isPending = usePendingDeletes();
  const deleteCat = (c: { id: string; name: string }) =>
    deleteWithUndo({
      key: `category:${c.id}`,
      message: messages.jobs.categoryDeleted,
      undoneMessage: `${c.name} is back.`,
      commit: () => api(categoryRoutes.remove, { query: { clientId: clientId ?? '', id: c.id } }, { keepalive: true }),
      onCommitted: () => {
        qc.invalidateQueries({ queryKey: queryKey(categoryRoutes.list) });
        qc.invalidateQueries({ queryKey: queryKey(departmentRoutes.byClientId) });
      },
    });
  const depList = (deps.data?.results ?? []).filter((d) => !isPending(`department:${d._id}`));
  const catList = (cats.data?.results ?? []).filter((c) => !isPending(`category:${c.id}`));

  return (
    <>
      <PageHeader
        title="Departments and categories"
        description="Departments group jobs on the career site; categories appear in job addresses and the job-board category list."
      />
      <Stack>
        <Section title="Departments">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (newDep.trim()) createDep.mutate();
            }}
          >
            <Group align="flex-end" mb="md">
              <TextInput label="New department" value={newDep} onChange={(e) => setNewDep(e.currentTarget.value)} maxLength={200} />
              <Button type="submit" loading={createDep.isPending} disabled={!newDep.trim()}>
                Add department
              </Button>
            </Group>
          </form>
          {deps.isLoading ? (
            <LoadingRows />
          ) : deps.error ? (
            <ErrorState error={deps.error} onRetry={() => deps.refetch()} />
          ) : !depList.length ? (
            <EmptyState title="No departments yet">Add one above; jobs and Wave profiles can then be grouped by it.</EmptyState>
          ) : (
            <Stack gap="sm">
              {depList.map((d) => (
                <DepartmentRow key={`${d._id}:${d.name}:${d.categoryIds.join()}`} d={d} categories={categoryOptions} clientId={clientId ?? ''} />
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Categories">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (newCat.trim()) saveCat.mutate({ name: newCat });
            }}
          >
            <Group align="flex-end" mb="md">
              <TextInput label="New category" value={newCat} onChange={(e) => setNewCat(e.currentTarget.value)} maxLength={200} />
              <Button type="submit" loading={saveCat.isPending} disabled={!newCat.trim()}>
                Add category
              </Button>
            </Group>
          </form>
          {cats.isLoading ? (
            <LoadingRows />
          ) : cats.error ? (
            <ErrorState error={cats.error} onRetry={() => cats.refetch()} />
          ) : !catList.length ? (
            <EmptyState title="No categories yet">Add one above, then pick it on a department.</EmptyState>
          ) : (
            <Table>
              <Table.Tbody>
                {catList.map((c) => (
                  <Table.Tr key={c.id} data-testid="category-row">
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {c.departmentIds?.length ?? 0} department(s)
                      </Text>
                    </Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${c.name}`} onClick={() => deleteCat(c)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
      </Stack>
    </>
  );
}
