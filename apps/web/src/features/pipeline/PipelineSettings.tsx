import { pipelineRoutes, STAGE_KINDS } from '@hh/contract/pipeline';
import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { kindLabels } from './hooks.ts';

type Kind = (typeof STAGE_KINDS)[number];
interface StageRow {
  name: string;
  kind: Kind;
}
interface Draft {
  id?: string;
  name: string;
  stages: StageRow[];
  isDefault: boolean;
}
const kindOptions = STAGE_KINDS.map((k) => ({ value: k, label: kindLabels[k] }));
const why = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function move<T>(list: T[], i: number, j: number): T[] {
  const n = [...list];
  [n[i], n[j]] = [n[j], n[i]];
  return n;
}

/** One template's form: its name, its stages in order, and whether new jobs start from it. */
function TemplateForm({ clientId, draft, onDone }: { clientId: string; draft: Draft; onDone: () => void }) {
  const qc = useQueryClient();
  const [d, setD] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const body = () => ({ clientId, name: d.name.trim(), stages: d.stages.map((s) => ({ name: s.name.trim(), kind: s.kind })), isDefault: d.isDefault });
  const save = useMutation({
    mutationFn: () =>
      d.id ? api(pipelineRoutes.updateTemplate, { params: { id: d.id }, body: body() }) : api(pipelineRoutes.createTemplate, { body: body() }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listTemplates) });
      onDone();
    },
    onError: (err) => setError(why(err, 'The template could not be saved. Try again.')),
  });
  const remove = useMutation({
    mutationFn: () => api(pipelineRoutes.deleteTemplate, { params: { id: d.id as string }, query: { clientId } }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listTemplates) });
      onDone();
    },
    onError: (err) => setError(why(err, 'The template could not be deleted. Try again.')),
  });
  const setStage = (i: number, patch: Partial<StageRow>) => setD((x) => ({ ...x, stages: x.stages.map((s, k) => (k === i ? { ...s, ...patch } : s)) }));
  const blank = !d.name.trim() || d.stages.some((s) => !s.name.trim());
  return (
    <Paper withBorder p="sm" radius="md" data-testid="template-form">
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert" title="Not saved">
            {error}
          </Alert>
        ) : null}
        <TextInput label="Template name" value={d.name} onChange={(e) => setD({ ...d, name: e.currentTarget.value })} maxLength={100} required />
        {d.stages.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: stages of a template have no id; their place is their identity while editing
          <Group key={i} gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={`Stage ${i + 1}`}
              value={s.name}
              onChange={(e) => setStage(i, { name: e.currentTarget.value })}
              maxLength={60}
              style={{ flex: '1 1 160px' }}
            />
            <Select label="Kind" data={kindOptions} value={s.kind} onChange={(v) => v && setStage(i, { kind: v as Kind })} allowDeselect={false} w={130} />
            <Group gap={4} mb={4}>
              <ActionIcon
                variant="default"
                aria-label={`Move ${s.name || 'stage'} up`}
                disabled={i === 0}
                onClick={() => setD({ ...d, stages: move(d.stages, i, i - 1) })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Move ${s.name || 'stage'} down`}
                disabled={i === d.stages.length - 1}
                onClick={() => setD({ ...d, stages: move(d.stages, i, i + 1) })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Remove ${s.name || 'stage'}`}
                disabled={d.stages.length === 1}
                onClick={() => setD({ ...d, stages: d.stages.filter((_, k) => k !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setD({ ...d, stages: [...d.stages, { name: '', kind: 'other' }] })}
          >
            Add stage
          </Button>
          <Checkbox label="New jobs start with this pipeline" checked={d.isDefault} onChange={(e) => setD({ ...d, isDefault: e.currentTarget.checked })} />
        </Group>
        <Group gap="sm">
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={blank}>
            Save template
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          {d.id ? (
            <Button variant="subtle" color="red.8" ml="auto" onClick={() => remove.mutate()} loading={remove.isPending}>
              Delete template
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The client's rejection reasons in order; one taken out is archived (rejected applications keep it). */
function RejectionReasons({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const reasons = useApiQuery(pipelineRoutes.listRejectionReasons, { query: { clientId } });
  const [rows, setRows] = useState<{ key: string; id?: string; label: string; archived: boolean }[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (reasons.data) setRows(reasons.data.results.map((r) => ({ key: r._id, id: r._id, label: r.label, archived: r.archived })));
  }, [reasons.data]);
  const save = useMutation({
    mutationFn: () =>
      api(pipelineRoutes.saveRejectionReasons, { body: { clientId, reasons: rows.map((r) => ({ id: r.id, label: r.label.trim(), archived: r.archived })) } }),
    onSuccess: (r) => {
      setError(null);
      notify.success(r.message ?? 'Rejection reasons saved.');
      qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listRejectionReasons) });
    },
    onError: (err) => setError(why(err, 'The reasons could not be saved. Try again.')),
  });
  if (reasons.isLoading) return <LoadingRows rows={3} />;
  if (reasons.error) return <ErrorState error={reasons.error} onRetry={() => reasons.refetch()} />;
  return (
    <Stack gap="xs" maw={640}>
      {error ? (
        <Alert color="red" role="alert" title="Not saved">
          {error}
        </Alert>
      ) : null}
      {rows.map((r, i) => (
        <Group key={r.key} gap="xs" align="flex-end" wrap="wrap" data-testid="rejection-reason">
          <TextInput
            label={`Reason ${i + 1}`}
            value={r.label}
            onChange={(e) => {
              const label = e.currentTarget.value;
              setRows((rs) => rs.map((x) => (x.key === r.key ? { ...x, label } : x)));
            }}
            maxLength={80}
            style={{ flex: '1 1 200px' }}
          />
          <Checkbox
            label="Archived"
            mb={8}
            checked={r.archived}
            onChange={(e) => {
              const archived = e.currentTarget.checked;
              setRows((rs) => rs.map((x) => (x.key === r.key ? { ...x, archived } : x)));
            }}
          />
          <Group gap={4} mb={4}>
            <ActionIcon variant="default" aria-label={`Move ${r.label || 'reason'} up`} disabled={i === 0} onClick={() => setRows((rs) => move(rs, i, i - 1))}>
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              aria-label={`Move ${r.label || 'reason'} down`}
              disabled={i === rows.length - 1}
              onClick={() => setRows((rs) => move(rs, i, i + 1))}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      <Group gap="sm" mt="xs">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((rs) => [...rs, { key: `new-${rs.length}-${Date.now()}`, label: '', archived: false }])}
        >
          Add reason
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!rows.length || rows.some((r) => !r.label.trim())}>
          Save reasons
        </Button>
      </Group>
    </Stack>
  );
}

/** `/settings/pipeline`: the client's pipeline templates (the stages a job starts with) and its rejection reasons. */
export default function PipelineSettings() {
  const { clientId, client } = useSelectedClient();
  const templates = useApiQuery(pipelineRoutes.listTemplates, { query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
  const [editing, setEditing] = useState<Draft | null>(null);
  if (!clientId) return <EmptyState title="Choose a client">Pick a client at the top of the page to see its pipeline settings.</EmptyState>;
  const defaults = templates.data?.defaultStages ?? [];
  return (
    <>
      <PageHeader
        title="Pipeline settings"
        description={client ? `The stages ${client.name}'s jobs start with, and why candidates are turned down.` : undefined}
      />
      <Section
        title="Pipeline templates"
        actions={
          editing ? null : (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ name: '', stages: defaults.map((s) => ({ ...s })), isDefault: false })}
            >
              New template
            </Button>
          )
        }
      >
        {templates.isLoading ? (
          <LoadingRows rows={3} />
        ) : templates.error ? (
          <ErrorState error={templates.error} onRetry={() => templates.refetch()} />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              New jobs start with: {defaults.map((s) => s.name).join(' → ') || 'Applied → Screening → Interview → Offer → Hired'}
            </Text>
            {editing && !editing.id ? <TemplateForm clientId={clientId} draft={editing} onDone={() => setEditing(null)} /> : null}
            {!templates.data?.results.length && !editing ? (
              <Text size="sm">No templates yet. Create one to reuse a set of stages across jobs, or to change what new jobs start with.</Text>
            ) : null}
            {templates.data?.results.map((t) =>
              editing?.id === t._id ? (
                <TemplateForm key={t._id} clientId={clientId} draft={editing} onDone={() => setEditing(null)} />
              ) : (
                <Paper key={t._id} withBorder p="sm" radius="md" data-testid="pipeline-template">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Title order={3} size="h5">
                        {t.name} {t.isDefault ? '(default for new jobs)' : ''}
                      </Title>
                      <Text size="sm" c="gray.7">
                        {t.stages.map((s) => s.name).join(' → ')}
                      </Text>
                    </div>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit ${t.name}`}
                      onClick={() => setEditing({ id: t._id, name: t.name, stages: t.stages.map((s) => ({ ...s })), isDefault: t.isDefault })}
                    >
                      Edit
                    </Button>
                  </Group>
                </Paper>
              ),
            )}
          </Stack>
        )}
      </Section>
      <Section title="Rejection reasons">
        <RejectionReasons clientId={clientId} />
      </Section>
    </>
  );
}
