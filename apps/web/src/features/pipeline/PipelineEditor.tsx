import { pipelineRoutes, STAGE_KINDS } from '@hh/contract/pipeline';
import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { kindLabels, useJobPipeline } from './hooks.ts';

type Kind = (typeof STAGE_KINDS)[number];
/** A row of the editor: a stage already saved keeps its id (so its applications stay in it), a new one has none. */
interface Row {
  key: string;
  id?: string;
  name: string;
  kind: Kind;
  count: number;
}

const kindOptions = STAGE_KINDS.map((k) => ({ value: k, label: kindLabels[k] }));

let nextKey = 0;

/**
 * The job's pipeline (`/harvest/jobs/:jobId/pipeline`): add, rename, reorder and remove stages, then
 * save them all at once; or start again from one of the client's templates. A stage that still holds
 * applications cannot be removed: the server refuses and the editor says how many to move first.
 */
export default function PipelineEditor() {
  const { jobId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const pipeline = useJobPipeline(clientId, jobId);
  const templates = useApiQuery(pipelineRoutes.listTemplates, { query: { clientId: clientId ?? undefined } }, { enabled: !!clientId });
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  useEffect(() => {
    if (pipeline.data) setRows(pipeline.data.stages.map((s) => ({ key: s._id, id: s._id, name: s.name, kind: s.kind, count: s.count })));
  }, [pipeline.data]);
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.getJobPipeline) });
    qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listApplications) });
  };
  const save = useMutation({
    mutationFn: () =>
      api(pipelineRoutes.updateJobPipeline, {
        params: { jobId },
        body: { clientId: clientId ?? undefined, stages: rows.map((r) => ({ id: r.id, name: r.name.trim(), kind: r.kind })) },
      }),
    onSuccess: (r) => {
      setError(null);
      notify.success(r.message ?? 'Pipeline saved.');
      refresh();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The pipeline could not be saved. Try again.'),
  });
  const apply = useMutation({
    mutationFn: (id: string) => api(pipelineRoutes.applyTemplate, { params: { jobId }, body: { clientId: clientId ?? undefined, templateId: id } }),
    onSuccess: (r) => {
      setError(null);
      setTemplateId(null);
      notify.success(r.message ?? 'Template applied.');
      refresh();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : 'The template could not be applied. Try again.'),
  });

  if (pipeline.isLoading) return <LoadingRows rows={5} />;
  if (pipeline.error) return <ErrorState error={pipeline.error} onRetry={() => pipeline.refetch()} />;

  const change = (key: string, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const swap = (i: number, j: number) =>
    setRows((rs) => {
      const n = [...rs];
      [n[i], n[j]] = [n[j], n[i]];
      return n;
    });
  const names = rows.map((r) => r.name.trim().toLowerCase());
  const duplicate = names.some((n, i) => n && names.indexOf(n) !== i);
  const blank = rows.some((r) => !r.name.trim());
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="gray.7">
        Stages in order, left to right on the board. Renaming a stage keeps its applications; removing one needs it empty first. Changes apply when you save.
      </Text>
      {error ? (
        <Alert
          color="red"
          role="alert"
          title="Not saved"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setError(null)}
          data-testid="pipeline-error"
        >
          {error}
        </Alert>
      ) : null}
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((r, i) => (
          <Paper component="li" key={r.key} withBorder p="xs" radius="md" data-testid="pipeline-stage">
            <Group gap="xs" wrap="wrap" align="flex-end">
              <TextInput
                label={`Stage ${i + 1} name`}
                value={r.name}
                onChange={(e) => change(r.key, { name: e.currentTarget.value })}
                error={!r.name.trim() ? 'Give the stage a name' : undefined}
                maxLength={60}
                style={{ flex: '1 1 180px' }}
              />
              <Select label="Kind" data={kindOptions} value={r.kind} onChange={(v) => v && change(r.key, { kind: v as Kind })} allowDeselect={false} w={140} />
              <Text size="xs" c="gray.7" w={90} mb={8}>
                {r.id ? (r.count === 1 ? '1 application' : `${r.count} applications`) : 'New'}
              </Text>
              <Group gap={4} mb={4}>
                <ActionIcon variant="default" aria-label={`Move ${r.name || 'stage'} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="default" aria-label={`Move ${r.name || 'stage'} down`} disabled={i === rows.length - 1} onClick={() => swap(i, i + 1)}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red.8"
                  aria-label={`Remove ${r.name || 'stage'}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {duplicate ? (
        <Text size="sm" c="red.8" role="alert">
          Each stage must have a different name.
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= 30}
          onClick={() => setRows((rs) => [...rs, { key: `new-${nextKey++}`, name: '', kind: 'other', count: 0 }])}
        >
          Add stage
        </Button>
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={blank || duplicate || !rows.length}>
          Save pipeline
        </Button>
        <Button
          variant="subtle"
          onClick={() => pipeline.data && setRows(pipeline.data.stages.map((s) => ({ key: s._id, id: s._id, name: s.name, kind: s.kind, count: s.count })))}
        >
          Undo changes
        </Button>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Title order={2} size="h5" mb="xs">
          Start from a template
        </Title>
        {templates.data?.results.length ? (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Template"
              placeholder="Choose a template"
              data={templates.data.results.map((t) => ({ value: t._id, label: `${t.name} (${t.stages.map((s) => s.name).join(', ')})` }))}
              value={templateId}
              onChange={setTemplateId}
              w={360}
            />
            <Button variant="default" disabled={!templateId} loading={apply.isPending} onClick={() => templateId && apply.mutate(templateId)}>
              Apply template
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            The client has no pipeline templates yet. Create them in Settings › Pipeline to reuse a set of stages across jobs.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
