import { labelOf, statusLabels } from '@hh/contract/labels';
import { formatDate } from '../../../lib/format.ts';
import { type Alert, crmRoutes } from '@hh/contract/crm';
import type { RouteInput } from '@hh/contract/route';
import { Button, Group, Modal, MultiSelect, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, ErrorState, ListTable, LoadingRows, PageHeader } from '../../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../../lib/api.ts';
import { useContractForm } from '../../../lib/form.ts';
import { notify } from '../../../lib/notify.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { useSelectedClient } from '../../../lib/selected-client.tsx';
import { useFacets, usePipeline } from '../hooks.ts';

/** What `toBody` gives without an alert: it always holds a name, so it is the create call's body. */
type CreateAlertBody = RouteInput<typeof crmRoutes.createAlert>['body'];

const FREQUENCIES = [
  { value: 'instant', label: `${statusLabels.instant} (checked every 5 minutes)` },
  { value: 'daily', label: statusLabels.daily },
  { value: 'weekly', label: statusLabels.weekly },
];
const freqLabel = (f: string) => labelOf(statusLabels, f);
const when = (iso: string) => formatDate(iso);
const failText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * `/crm-alerts-setup` (core spec §2, decision 0012): the client's saved-search alerts. Each emails its
 * address a digest of the candidates that are new and match, as often as chosen; pausing stops it.
 */
export default function AlertsSetupPage() {
  const { clientId } = useSelectedClient();
  // The client's alerts: `{id}` is the client itself.
  const alerts = useApiQuery(crmRoutes.listAlerts, { params: { id: clientId ?? '' }, query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
  const [editing, setEditing] = useState<Alert | 'new' | null>(null);
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (a: Alert) => api(crmRoutes.updateAlert, { body: { clientId: clientId as string, _id: a._id, active: !a.active } }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listAlerts, { params: { id: clientId ?? '' } }) });
    },
    onError: (err) => notify.error(failText(err, 'The alert could not be changed. Try again.')),
  });
  const rows = alerts.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Candidate alerts"
        description="Saved searches that email you when new candidates match."
        actions={<Button onClick={() => setEditing('new')}>New alert</Button>}
      />
      {alerts.isLoading ? (
        <LoadingRows />
      ) : alerts.error ? (
        <ErrorState error={new Error('The alerts could not be loaded. Check your connection and try again.')} onRetry={() => alerts.refetch()} />
      ) : !rows.length ? (
        <EmptyState title="No alerts yet">
          Choose "New alert", give it a search such as "registered nurse" and an address: new matching candidates are emailed there.
        </EmptyState>
      ) : (
        <ListTable minWidth={820} headers={['Alert', 'Search', 'How often', 'Email to', 'Last checked', 'Active', '']}>
          {rows.map((a) => (
            <Table.Tr key={a._id}>
              <Table.Td fw={600}>{a.name}</Table.Td>
              <Table.Td>
                {a.searchQuery || (
                  <Text span c="gray.7" size="sm">
                    Every new candidate
                  </Text>
                )}
                {[...(a.filters.status ?? []), ...(a.filters.tags ?? [])].length ? (
                  <Text size="xs" c="gray.7">
                    {[...(a.filters.status ?? []), ...(a.filters.tags ?? [])].join(', ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{freqLabel(a.frequency)}</Table.Td>
              <Table.Td>{a.email}</Table.Td>
              <Table.Td>{when(a.lastRunAt)}</Table.Td>
              <Table.Td>
                <Switch aria-label={`${a.name} active`} checked={a.active} onChange={() => toggle.mutate(a)} label={a.active ? 'On' : 'Paused'} />
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" onClick={() => setEditing(a)}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {editing ? <AlertForm alert={editing === 'new' ? null : editing} clientId={clientId} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function AlertForm({ alert, clientId, onClose }: { alert: Alert | null; clientId: string | null; onClose: () => void }) {
  // The rules (a name, the email's shape, the lengths) are the contract's create or
  // update schema, checked before anything is sent.
  const form = useContractForm(alert ? crmRoutes.updateAlert : crmRoutes.createAlert, {
    initialValues: {
      name: alert?.name ?? '',
      searchQuery: alert?.searchQuery ?? '',
      frequency: (alert?.frequency ?? 'daily') as Alert['frequency'],
      email: alert?.email ?? '',
      status: alert?.filters.status ?? ([] as string[]),
      tags: alert?.filters.tags ?? ([] as string[]),
    },
    toBody: (v) => ({
      clientId: clientId as string,
      ...(alert ? { _id: alert._id } : {}),
      name: v.name.trim(),
      searchQuery: v.searchQuery.trim(),
      frequency: v.frequency,
      filters: { ...(v.status.length ? { status: v.status } : {}), ...(v.tags.length ? { tags: v.tags } : {}) },
      ...(v.email.trim() ? { email: v.email.trim() } : {}),
    }),
    fieldOf: (path) => (path.startsWith('filters.') ? (path.split('.')[1] as string) : path),
  });
  const values = form.getValues();
  const pipeline = usePipeline(clientId);
  const facets = useFacets(clientId);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) =>
      alert ? api(crmRoutes.updateAlert, { body: { ...body, _id: alert._id } }) : api(crmRoutes.createAlert, { body: body as CreateAlertBody }),
    onSuccess: (r) => {
      // 001 §8: "Alert created successfully." / "Alert updated successfully."
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listAlerts, { params: { id: clientId ?? '' } }) });
      onClose();
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(failText(err, alert ? 'The alert could not be updated. Try again.' : 'The alert could not be created. Try again.'));
    },
  });
  const submit = form.onSubmit(() => save.mutate(form.body()));
  return (
    <Modal opened onClose={onClose} title={alert ? 'Edit alert' : 'New alert'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Alert name" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Search"
            description='Words, "a phrase", AND, OR and -exclude, as on the Candidates screen. Empty: every new candidate.'
            maxLength={500}
            {...form.getInputProps('searchQuery')}
          />
          <Group grow align="flex-start">
            <MultiSelect label="Status" placeholder="Any status" data={pipeline.data?.statuses ?? []} clearable {...form.getInputProps('status')} />
            <MultiSelect
              label="Tags"
              placeholder="Any tag"
              data={facets.data?.tags.map((t) => t.value) ?? []}
              searchable
              clearable
              {...form.getInputProps('tags')}
            />
          </Group>
          <Select
            label="How often"
            data={FREQUENCIES}
            allowDeselect={false}
            {...form.getInputProps('frequency')}
            onChange={(v) => v && form.setFieldValue('frequency', v as Alert['frequency'])}
          />
          <TextInput label="Email to" description="Empty: your own address." type="email" {...form.getInputProps('email')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!values.name.trim()}>
              {alert ? 'Save alert' : 'Create alert'}
            </Button>
          </Group>
          <Text size="xs" c="gray.7">
            New candidates are checked every 5 minutes; a digest is sent only when there are new matches.
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
