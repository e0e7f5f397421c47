import { labelOf, statusLabels } from '@hh/contract/labels';
import { jobImportRoutes } from '@hh/contract/job-imports';
import { type SapSettings, sapImportRoutes, sapScheduleLabels, SAP_SCHEDULES } from '@hh/contract/sap-import';
import { Alert, Badge, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

/**
 * `/clients/{id}/integrations/sap`: the client's SAP SuccessFactors connection (OData service root,
 * company ID, API user and a write-only password), how often requisitions are imported, "Import now",
 * and the latest import as the job import pipeline reports it (progress, then the rows with problems).
 */
export function SapImportSettings({ clientId }: { clientId: string }) {
  const settings = useApiQuery(sapImportRoutes.settings, { query: { clientId } });
  if (settings.isLoading) return <LoadingRows rows={4} />;
  if (settings.error || !settings.data) return <ErrorState error={settings.error} onRetry={() => settings.refetch()} />;
  return <SapForm key={settings.data.updatedAt ?? 'new'} clientId={clientId} saved={settings.data} />;
}

type Form = { baseUrl: string; companyId: string; username: string; password: string; schedule: (typeof SAP_SCHEDULES)[number] };

function SapForm({ clientId, saved }: { clientId: string; saved: SapSettings }) {
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [importId, setImportId] = useState<string | null>(saved.lastImport?._id ?? null);
  const [importError, setImportError] = useState<string | null>(null);
  const form = useContractForm(sapImportRoutes.saveSettings, {
    initialValues: { baseUrl: saved.baseUrl, companyId: saved.companyId, username: saved.username, password: '', schedule: saved.schedule } as Form,
    toBody: (v) => ({
      clientId,
      baseUrl: v.baseUrl.trim(),
      companyId: v.companyId.trim(),
      username: v.username.trim(),
      ...(v.password ? { password: v.password } : {}),
      schedule: v.schedule,
    }),
  });

  async function submit() {
    setSaving(true);
    try {
      const r = await api(sapImportRoutes.saveSettings, { body: form.body() });
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(sapImportRoutes.settings) });
    } catch (err) {
      form.showServerErrors(err);
      if (!(err instanceof ApiError)) notify.error('The SAP connection could not be saved');
    } finally {
      setSaving(false);
    }
  }

  async function importNow() {
    setImporting(true);
    setImportError(null);
    try {
      const r = await api(sapImportRoutes.importNow, { body: { clientId } });
      notify.success(r.message);
      setImportId(r._id);
    } catch (err) {
      setImportError(err instanceof ApiError ? err.message : 'The import could not be started');
    } finally {
      setImporting(false);
    }
  }

  return (
    <Stack gap="md" data-testid="sap-import">
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="SAP SuccessFactors connection">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Open job requisitions are read from SuccessFactors’ OData API (JobRequisition) and imported as jobs. An import is all or nothing: a requisition with
            a problem is shown below by its row, and no job changes until every row is right.
          </Text>
          <TextInput
            label="OData API address"
            description="The service root of your SuccessFactors data centre"
            placeholder="https://api4.successfactors.com/odata/v2"
            {...form.getInputProps('baseUrl')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Company ID" placeholder="ACMEHEALTH" {...form.getInputProps('companyId')} />
            <TextInput label="API user name" autoComplete="off" {...form.getInputProps('username')} />
            <PasswordInput
              label="API user password"
              autoComplete="new-password"
              description={saved.hasPassword ? 'A password is stored. Leave empty to keep it.' : 'Stored encrypted; never shown again'}
              {...form.getInputProps('password')}
            />
            <Select
              label="Import automatically"
              data={SAP_SCHEDULES.map((s) => ({ value: s, label: sapScheduleLabels[s] }))}
              allowDeselect={false}
              {...form.getInputProps('schedule')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save SAP connection
            </Button>
          </Group>
        </Stack>
      </form>
      <Group justify="space-between" align="center">
        <Title order={3} size="h5">
          Import
        </Title>
        <Button variant="light" onClick={importNow} loading={importing} disabled={!saved.saved}>
          Import now
        </Button>
      </Group>
      {!saved.saved ? <Text size="sm">Save the connection to import requisitions.</Text> : null}
      {importError ? (
        <Alert color="red" role="alert" title="Not started">
          {importError}
        </Alert>
      ) : null}
      {importId ? <ImportStatus clientId={clientId} importId={importId} /> : null}
    </Stack>
  );
}

const statusColor = { queued: 'gray', running: 'blue', succeeded: 'teal', failed: 'red' } as const;

/** One SAP import as the pipeline reports it, followed every second while it runs. */
function ImportStatus({ clientId, importId }: { clientId: string; importId: string }) {
  const imp = useApiQuery(
    jobImportRoutes.getById,
    { params: { id: importId }, query: { clientId } },
    { silent: true, refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'running') ? 1000 : false) },
  );
  if (imp.isLoading) return <LoadingRows rows={2} />;
  if (imp.error || !imp.data) return <ErrorState error={imp.error} onRetry={() => imp.refetch()} />;
  const i = imp.data;
  return (
    <Stack gap="xs" data-testid="sap-import-status" aria-live="polite">
      <Group gap="sm">
        <Badge color={statusColor[i.status]} data-testid="sap-import-state">
          {labelOf(statusLabels, i.status)}
        </Badge>
        <Text size="sm">
          {i.status === 'succeeded'
            ? `${i.created} created, ${i.updated} updated from ${i.total} requisitions`
            : i.status === 'running'
              ? `${i.processed} of ${i.total || '…'} requisitions`
              : i.status === 'failed'
                ? 'Nothing was changed.'
                : 'The import starts in a moment.'}
        </Text>
      </Group>
      {i.errors.length ? (
        <Table withTableBorder aria-label="Requisitions with problems" data-testid="sap-import-errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="7rem">Row</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {i.errors.map((e) => (
              <Table.Tr key={`${e.line}:${e.message}`}>
                <Table.Td>{e.line ? e.line : '—'}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
