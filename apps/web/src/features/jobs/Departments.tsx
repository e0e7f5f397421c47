import type { Department } from '@hh/contract/jobs';
import { categoryRoutes, departmentRoutes } from '@hh/contract/departments';
import { messages } from '@hh/contract/messages';
import { ActionIcon, Button, Grid, Group, MultiSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { deleteWithUndo, usePendingDeletes } from '../../lib/second-chance.tsx';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useCategories, useDepartments } from './hooks.ts';

/** 001 §5: on 401/403 from department saves the server's field message is shown; otherwise the first message. */
const fail = (fallback: string) => (err: unknown) => notify.error(err instanceof ApiError ? (err.first('department') ?? err.message) : fallback);

function DepartmentRow({ d, categories, clientId }: { d: Department; categories: Array<{ value: string; label: string }>; clientId: string }) {
  const qc = useQueryClient();
  // The name's rules (required, at most 200 characters) are the contract's update schema.
  const form = useContractForm(departmentRoutes.update, {
    initialValues: { name: d.name, categoryIds: d.categoryIds },
    toBody: (v) => ({ clientId, _id: d._id, name: v.name, categoryIds: v.categoryIds }),
  });
  const cats = form.values.categoryIds;
  const dirty = form.values.name !== d.name || cats.join() !== d.categoryIds.join();
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKey(departmentRoutes.byClientId) });
    qc.invalidateQueries({ queryKey: queryKey(categoryRoutes.list) });
  };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(departmentRoutes.update, { body }),
    onSuccess: (r) => {
      notify.success(r.message);
      refresh();
    },
    onError: (err) => {
      form.showServerErrors(err);
      fail('The department could not be saved')(err);
    },
  });
  const submit = form.onSubmit(() => save.mutate(form.body()));
  // Delete at once, with Undo for 10 s (the DELETE is sent when the window closes).
  const remove = () =>
    deleteWithUndo({
      key: `department:${d._id}`,
      message: messages.recruiting.departmentDeleted,
      undoneMessage: `${d.name} is back.`,
      commit: () => api(departmentRoutes.remove, { query: { clientId, departmentId: d._id }, body: undefined }, { keepalive: true }),
      onCommitted: refresh,
    });
  // A card per department (no table cells to cut names or push buttons out), wrapping at 700 px.
  return (
    <Paper component="form" onSubmit={submit} noValidate withBorder p="sm" radius="md" data-testid="department-row">
      <Grid align="flex-end" gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Name" aria-label={`Name of ${d.name}`} {...form.getInputProps('name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <MultiSelect
            label="Categories"
            aria-label={`Categories of ${d.name}`}
            data={categories}
            {...form.getInputProps('categoryIds')}
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
              <Button type="submit" size="xs" disabled={!dirty} loading={save.isPending}>
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
  // The new department's and category's name rules are the contract's create and save schemas.
  const depForm = useContractForm(departmentRoutes.create, {
    initialValues: { name: '' },
    toBody: (v) => ({ clientId: clientId ?? '', name: v.name }),
  });
  const catForm = useContractForm(categoryRoutes.save, {
    initialValues: { name: '' },
    toBody: (v) => ({ clientId: clientId ?? '', name: v.name }),
  });
  const categoryOptions = (cats.data?.results ?? []).map((c) => ({ value: c.id, label: c.name }));
  const createDep = useMutation({
    mutationFn: (body: ReturnType<typeof depForm.body>) => api(departmentRoutes.create, { body }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.recruiting.departmentCreated);
      depForm.reset();
      qc.invalidateQueries({ queryKey: queryKey(departmentRoutes.byClientId) });
    },
    onError: (err) => {
      depForm.showServerErrors(err);
      fail('The department could not be created')(err);
    },
  });
  const saveCat = useMutation({
    mutationFn: (body: ReturnType<typeof catForm.body>) => api(categoryRoutes.save, { body }),
    onSuccess: (r) => {
      notify.success(r.message);
      catForm.reset();
      qc.invalidateQueries({ queryKey: queryKey(categoryRoutes.list) });
    },
    onError: (err) => {
      catForm.showServerErrors(err);
      notify.error(err instanceof ApiError ? err.message : 'The category could not be saved');
    },
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
          <form onSubmit={depForm.onSubmit(() => createDep.mutate(depForm.body()))} noValidate>
            <Group align="flex-start" mb="md">
              <TextInput label="New department" {...depForm.getInputProps('name')} maxLength={200} />
              <Button type="submit" loading={createDep.isPending} mt={22}>
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
          <form onSubmit={catForm.onSubmit(() => saveCat.mutate(catForm.body()))} noValidate>
            <Group align="flex-start" mb="md">
              <TextInput label="New category" {...catForm.getInputProps('name')} maxLength={200} />
              <Button type="submit" loading={saveCat.isPending} mt={22}>
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
