import { pageLabel } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { type Design, defaultDesign, type PageTemplate, pageRoutes, pageSlug, siteFonts } from '@hh/contract/pages';
import { fontFacesCss, fontLabel, fontStack, readableOn } from '@hh/contract/site-css';
import {
  Anchor,
  Badge,
  Box,
  Button,
  ColorInput,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { pageError, type PublishedState, useDesign, usePublished, useTemplate, type Version } from './hooks.ts';

const fmt = (iso?: string) => (iso ? new Date(iso).toLocaleString() : '');

function publishedNotice(message: string, url: string) {
  notifications.show({
    color: 'teal',
    withBorder: true,
    autoClose: 8000,
    message: (
      <span data-testid="published-notice">
        {message}.{' '}
        <Anchor href={url} target="_blank" rel="noopener">
          Open the public page
        </Anchor>
      </span>
    ),
  });
}

function History({ clientId, pageName, onClose }: { clientId: string; pageName: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = usePublished(clientId, pageName);
  const restore = useMutation({
    mutationFn: (version: number) => api(pageRoutes.updatePublished, { body: { clientId, pageName, restoreVersion: version } }),
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getAllPublished) });
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The version could not be restored')),
  });
  const label = { publish: 'Published', update: 'Updated', unpublish: 'Unpublished', restore: 'Restored' } as const;
  return (
    <Modal opened onClose={onClose} title={`Versions of ${pageName}`} size="lg">
      {q.isLoading ? <LoadingRows rows={3} /> : null}
      {q.data && q.data.versions.length === 0 ? <Text>No version yet: publish the page first.</Text> : null}
      <Table>
        <Table.Tbody>
          {(q.data?.versions ?? []).map((v: Version) => (
            <Table.Tr key={v._id} data-testid="version-row">
              <Table.Td>Version {v.version}</Table.Td>
              <Table.Td>
                {label[v.action]} {v.live ? <Badge color="teal">Live</Badge> : null}
              </Table.Td>
              <Table.Td>{fmt(v.createdAt)}</Table.Td>
              <Table.Td>
                {v.action !== 'unpublish' && !v.live ? (
                  <Button size="xs" variant="light" loading={restore.isPending && restore.variables === v.version} onClick={() => restore.mutate(v.version)}>
                    Restore version {v.version}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

function PagesTable({ template, clientId, published }: { template: PageTemplate; clientId: string; published: PublishedState[] }) {
  const qc = useQueryClient();
  const [history, setHistory] = useState<string | null>(null);
  const state = new Map(published.map((p) => [p.slug, p]));
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getAllPublished) });
  const publish = useMutation({
    mutationFn: (pageName: string) => api(pageRoutes.publish, { body: { clientId, templateId: template._id, pageName } }),
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      refresh();
    },
    onError: (e) => notify.error(pageError(e, 'The page could not be published')),
  });
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
      {history ? <History clientId={clientId} pageName={history} onClose={() => setHistory(null)} /> : null}
    </>
  );
}

function AddPage({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const defaults = useApiQuery(pageRoutes.listDefaultTemplates);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<string | null>('Benefits');
  const add = useMutation({
    mutationFn: () => api(pageRoutes.createAdditionalPage, { body: { clientId, name: name.trim(), fromDefault: from ?? undefined } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.pages.pageSaved);
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

/** System first, then the fonts by name; each option is drawn in its own face (issue 13). */
const fontOptions = [...siteFonts]
  .sort((a, b) => (a === 'System' ? -1 : b === 'System' ? 1 : a.localeCompare(b)))
  .map((f) => ({ value: f, label: fontLabel(f) }));
const fontInFace = ({ option }: { option: { value: string; label: string } }) => <span style={{ fontFamily: fontStack(option.value) }}>{option.label}</span>;

const RADIUS: Record<Design['buttonStyle'], string> = { rounded: '8px', pill: '999px', square: '2px' };

/**
 * The chosen design at work, as a visitor will see it (the career site's own rules, site-css.ts): a
 * hero in the heading-and-hero colour with its button in the button colour and shape, then a section
 * of text on the background with a link, and an alternate section on its colour; the heading face in
 * bold, the body face in regular. Text on a colour is black or white, whichever reads better, as on the site.
 */
function FontSample({ d, name }: { d: Design; name: string }) {
  const c = d.colors;
  const heading = { fontFamily: fontStack(d.headingFont) };
  const body = { fontFamily: fontStack(d.bodyFont) };
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', background: c.background, color: c.text }} data-testid="font-sample">
      <Box p="lg" style={{ background: c.secondary, color: readableOn(c.secondary) }} data-testid="sample-hero">
        <Text component="div" fw={700} fz={26} lh={1.2} mb={6} style={heading}>
          Careers at {name}
        </Text>
        <Text component="div" fz={17} lh={1.6} mb="md" style={body}>
          Find your next job and apply in two minutes.
        </Text>
        <Box
          component="span"
          data-testid="sample-button"
          style={{
            ...body,
            display: 'inline-block',
            background: c.primary,
            color: readableOn(c.primary),
            borderRadius: RADIUS[d.buttonStyle],
            padding: '10px 20px',
            fontWeight: 600,
          }}
        >
          Search jobs
        </Box>
      </Box>
      <Box p="lg">
        <Text component="div" fw={700} fz={20} lh={1.2} mb={6} style={heading}>
          Why work with us
        </Text>
        <Text component="div" fz={17} lh={1.6} style={body}>
          The quick brown fox jumps over the lazy dog.{' '}
          <Text span inherit style={{ color: c.secondary, textDecoration: 'underline' }}>
            Meet the team
          </Text>
        </Text>
      </Box>
      <Box px="lg" py="sm" style={{ background: c.surface, color: c.text }} data-testid="sample-surface">
        <Text component="div" fz={15} style={body}>
          Alternate sections use this colour.
        </Text>
      </Box>
    </Paper>
  );
}

function DesignForm({ clientId, templateId, clientName }: { clientId: string; templateId: string; clientName: string }) {
  const qc = useQueryClient();
  const { design } = useDesign(clientId, templateId);
  const [d, setD] = useState<Design>(defaultDesign);
  useEffect(() => setD(design?.activeDesign ?? defaultDesign), [design]);
  const save = useMutation({
    mutationFn: () =>
      design
        ? api(pageRoutes.updateDesignOptions, { body: { _id: design._id, clientId, activeDesign: d } })
        : api(pageRoutes.createDesignOptions, { body: { clientId, templateId, activeDesign: d } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.pages.designSaved);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listDesignOptions) });
    },
    onError: (e) => notify.error(pageError(e, 'The design could not be saved')),
  });
  const color = (k: keyof Design['colors'], label: string) => (
    <ColorInput label={label} value={d.colors[k]} onChange={(v) => setD({ ...d, colors: { ...d.colors, [k]: v } })} format="hex" />
  );
  return (
    <Stack>
      {/* Every font's @font-face, served by our own host (same URLs as the career site); a browser fetches a face only when text uses it. */}
      <style>{fontFacesCss(siteFonts)}</style>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {color('primary', 'Buttons')}
        {color('secondary', 'Headings and hero')}
        {color('text', 'Text')}
        {color('background', 'Background')}
        {color('surface', 'Alternate sections')}
        <TextInput
          label="Logo address"
          value={d.logo ?? ''}
          onChange={(e) => setD({ ...d, logo: e.currentTarget.value || undefined })}
          placeholder="https://…"
        />
        <Select
          label="Heading font"
          data={fontOptions}
          value={d.headingFont}
          onChange={(v) => v && setD({ ...d, headingFont: v as Design['headingFont'] })}
          renderOption={fontInFace}
          styles={{ input: { fontFamily: fontStack(d.headingFont) } }}
          allowDeselect={false}
        />
        <Select
          label="Body font"
          data={fontOptions}
          value={d.bodyFont}
          onChange={(v) => v && setD({ ...d, bodyFont: v as Design['bodyFont'] })}
          renderOption={fontInFace}
          styles={{ input: { fontFamily: fontStack(d.bodyFont) } }}
          allowDeselect={false}
        />
        <Select
          label="Buttons"
          data={[
            { value: 'rounded', label: 'Rounded' },
            { value: 'pill', label: 'Pill' },
            { value: 'square', label: 'Square' },
          ]}
          value={d.buttonStyle}
          onChange={(v) => v && setD({ ...d, buttonStyle: v as Design['buttonStyle'] })}
          allowDeselect={false}
        />
        <Select
          label="Spacing"
          data={[
            { value: 'compact', label: 'Compact' },
            { value: 'comfortable', label: 'Comfortable' },
            { value: 'airy', label: 'Airy' },
          ]}
          value={d.spacing}
          onChange={(v) => v && setD({ ...d, spacing: v as Design['spacing'] })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <FontSample d={d} name={clientName} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save design
        </Button>
      </Group>
    </Stack>
  );
}

function SeoForm({ template, clientId }: { template: PageTemplate; clientId: string }) {
  const qc = useQueryClient();
  const [keywords, setKeywords] = useState(template.seo.keywords);
  const [title, setTitle] = useState(template.socialMetadata.title ?? '');
  const [description, setDescription] = useState(template.socialMetadata.description ?? '');
  const [image, setImage] = useState(template.socialMetadata.image ?? '');
  const save = useMutation({
    mutationFn: () =>
      api(pageRoutes.updateTemplate, {
        body: {
          _id: template._id,
          clientId,
          seo: { keywords },
          socialMetadata: { ...template.socialMetadata, title: title || undefined, description: description || undefined, image: image || undefined },
        },
      }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.pages.templateSaved);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The template could not be saved')),
  });
  return (
    <Stack>
      <TagsInput label="SEO keywords" value={keywords} onChange={setKeywords} placeholder="Type and press Enter" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Title when shared" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <TextInput label="Image when shared" value={image} onChange={(e) => setImage(e.currentTarget.value)} placeholder="https://…" />
      </SimpleGrid>
      <Textarea label="Description when shared" value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending}>
          Save SEO and sharing
        </Button>
      </Group>
    </Stack>
  );
}

/** `/harvest/editor`: the career site's pages (draft, live version, publish, versions), new pages, design, SEO. */
export default function EditorHome() {
  const { clientId, client } = useSelectedClient();
  const qc = useQueryClient();
  const { template, isLoading, error, refetch } = useTemplate(clientId);
  const published = usePublished(clientId);
  const create = useMutation({
    mutationFn: () => api(pageRoutes.createTemplate, { body: { clientId: clientId ?? '', fromDefaults: ['Home', 'Benefits'] } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.pages.templateSaved);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The site could not be created')),
  });
  return (
    <>
      <PageHeader
        title="Career site"
        description={client ? `The pages of ${client.name}'s career site. Edit a draft, preview it, then publish.` : undefined}
        actions={
          template ? (
            <Button component={Link} to="/harvest/editor/edit/Home">
              Edit the Home page
            </Button>
          ) : null
        }
      />
      {isLoading ? <LoadingRows rows={4} /> : null}
      {error ? <ErrorState error={error} onRetry={() => refetch()} /> : null}
      {!isLoading && !error && !template ? (
        <EmptyState title="This client has no career site pages yet">
          <Stack align="center" gap="xs" mt="xs">
            <span>Start from the designed default template: a Home page (hero, job search, jobs, team, benefits) and a Benefits page.</span>
            <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!clientId}>
              Start from the default template
            </Button>
          </Stack>
        </EmptyState>
      ) : null}
      {template && clientId ? (
        <Stack>
          <Section title="Pages">
            <PagesTable template={template} clientId={clientId} published={published.data?.results ?? []} />
            <Stack mt="md">
              <AddPage clientId={clientId} />
            </Stack>
          </Section>
          <Section title="Design">
            <DesignForm clientId={clientId} templateId={template._id} clientName={client?.name ?? 'your company'} />
          </Section>
          <Section title="SEO and sharing">
            <SeoForm template={template} clientId={clientId} />
          </Section>
        </Stack>
      ) : null}
    </>
  );
}
