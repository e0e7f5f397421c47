import { pageLabel } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { type PageTemplate, pageRoutes, pageSlug } from '@hh/contract/site-builder';
import { Anchor, Badge, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { pageError, type PublishedState } from './hooks.ts';
import { usePublishPage } from './publish.tsx';
import { fmt, PageHistory } from './PageHistory.tsx';

/** The template's pages: draft, live state and the actions on each (edit, preview, publish, unpublish, versions). */
export function PagesTable({ template, clientId, published }: { template: PageTemplate; clientId: string; published: PublishedState[] }) {
  const qc = useQueryClient();
  const [history, setHistory] = useState<string | null>(null);
  const state = new Map(published.map((p) => [p.slug, p]));
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getAllPublished) });
  const publish = usePublishPage(clientId, template._id);
  const unpublish = useMutation({
    mutationFn: (pageName: string) => api(pageRoutes.unpublish, { body: { clientId, pageName } }),
    onSuccess: (r) => {
      notify.success(r.message);
      refresh();
    },
    onError: (e) => notify.error(pageError(e, 'The page could not be unpublished')),
  });
  return (
    <>
      <ScrollTable minWidth={640} label="Pages">
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Draft saved</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {template.pages.map((p) => {
              const s = state.get(pageSlug(p.name));
              const enc = encodeURIComponent(p.name);
              return (
                <Table.Tr key={p._id} data-testid="page-row">
                  <Table.Td>
                    <Text fw={600}>{pageLabel(p.name)}</Text>
                    {s?.live ? (
                      <Anchor href={s.url} target="_blank" rel="noopener" size="sm">
                        {s.url.replace(/^https?:\/\//, '')}
                      </Anchor>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {s?.live ? (
                      <Badge color="teal" miw={90}>
                        Live · v{s.version}
                      </Badge>
                    ) : s ? (
                      <Badge color="gray">Unpublished</Badge>
                    ) : (
                      <Badge color="blue" variant="light">
                        Draft
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{fmt(p.updatedAt) || '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" component={Link} to={`/harvest/editor/edit/${enc}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="default" component={Link} to={`/harvest/editor/preview/mobile/${enc}`}>
                        Preview
                      </Button>
                      <Button size="xs" variant="light" loading={publish.isPending && publish.variables === p.name} onClick={() => publish.mutate(p.name)}>
                        {s?.live ? 'Republish' : 'Publish'}
                      </Button>
                      {s?.live ? (
                        <Button size="xs" variant="subtle" color="red" loading={unpublish.isPending} onClick={() => unpublish.mutate(p.name)}>
                          Unpublish
                        </Button>
                      ) : null}
                      <Button size="xs" variant="subtle" onClick={() => setHistory(p.name)} aria-label={`Versions of ${p.name}`}>
                        Versions
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {history ? <PageHistory clientId={clientId} pageName={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}

export function AddPage({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const defaults = useApiQuery(pageRoutes.listDefaultTemplates);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<string | null>('Benefits');
  const add = useMutation({
    mutationFn: () => api(pageRoutes.createAdditionalPage, { body: { clientId, name: name.trim(), fromDefault: from ?? undefined } }),
    // What happened, in words (the reply keeps the spec's combined "created or updated" text).
    onSuccess: () => {
      notify.success(messages.recruiting.pageCreated);
      setName('');
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The page could not be added')),
  });
  return (
    <Group align="flex-end" gap="sm">
      <TextInput label="New page name" placeholder="Benefits" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} />
      <Select
        label="Start from"
        data={(defaults.data?.results ?? []).map((d) => ({ value: d.name, label: pageLabel(d.name) }))}
        value={from}
        onChange={setFrom}
        clearable
        placeholder="An empty page"
        w={220}
      />
      <Button onClick={() => add.mutate()} disabled={!name.trim()} loading={add.isPending}>
        Add page
      </Button>
    </Group>
  );
}
