import { defaultDesign, type PageContent, pageRoutes } from '@hh/contract/site-builder';
import { Button, Group, Text } from '@mantine/core';
import { type Data, Puck, useGetPuck } from '@puckeditor/core';
import '@puckeditor/core/no-external.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useDepartments } from '../jobs/index.ts';
import { buildConfig } from './blocks.tsx';
import { usePublishPage } from './publish.tsx';
import { SiteProvider } from './site-context.tsx';
import { findPage, pageError, useDesign, useTemplate } from './hooks.ts';

type SaveState = 'saved' | 'saving' | 'dirty' | 'error';
const AUTOSAVE_MS = 1200;

/**
 * `/harvest/editor/edit/{pageName?}` (core §2): the Puck editor for one page of the client's
 * template (Home by default). The draft saves itself a moment after each change; Publish saves
 * and publishes a new version. Undo and redo are Puck's (header buttons, Ctrl+Z / Ctrl+Shift+Z).
 */
export default function Edit() {
  const { pageName = 'Home' } = useParams();
  const { client, clientId } = useSelectedClient();
  const qc = useQueryClient();
  const { template, isLoading, error, refetch } = useTemplate(clientId);
  const design = useDesign(clientId, template?._id);
  const deps = useDepartments(clientId);
  const page = findPage(template, pageName);
  const [state, setState] = useState<SaveState>('saved');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Data | null>(null);

  const departments = deps.data?.results;
  const config = useMemo(() => buildConfig({ departments: (departments ?? []).map((d) => ({ label: d.name, value: d._id })) }), [departments]);
  const site = { clientId: clientId ?? '', name: client?.name ?? '', logo: client?.logo ?? null, design: design.design?.activeDesign ?? defaultDesign };

  const save = useCallback(
    async (data: Data) => {
      if (!template || !page || !clientId) return;
      setState('saving');
      try {
        await api(
          pageRoutes.updateTemplatePartial,
          { query: { templateId: template._id }, body: { clientId, page: { _id: page._id, name: page.name, content: data as PageContent, seo: page.seo } } },
          { silent: true },
        );
        setState(pending.current ? 'dirty' : 'saved');
        // The preview and the pages list read the template again when they open; the editor keeps its own state.
        void qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates), refetchType: 'none' });
      } catch (err) {
        setState('error');
        notify.error(pageError(err, 'The draft could not be saved'));
        throw err;
      }
    },
    [template, page, clientId, qc],
  );

  const onChange = useCallback(
    (data: Data) => {
      pending.current = data;
      setState('dirty');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const d = pending.current;
        pending.current = null;
        if (d) save(d).catch(() => undefined);
      }, AUTOSAVE_MS);
    },
    [save],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const publish = usePublishPage(clientId, template?._id);
  const onPublish = useCallback(
    async (data: Data) => {
      if (!template || !page || !clientId) return;
      if (timer.current) clearTimeout(timer.current);
      pending.current = null;
      try {
        await save(data);
      } catch (err) {
        notify.error(pageError(err, 'The page could not be published'));
        return;
      }
      await publish.mutateAsync(page.name).catch(() => undefined);
    },
    [template, page, clientId, save, publish.mutateAsync],
  );

  if (isLoading) return <LoadingRows rows={6} />;
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (!template || !page)
    return (
      <>
        <PageHeader title="Page editor" />
        <EmptyState title={`There is no page called ${pageName} yet`}>
          Create the site or add the page on the <Link to="/harvest/editor">pages screen</Link>.
        </EmptyState>
      </>
    );

  const status = { saved: 'Draft saved', saving: 'Saving…', dirty: 'Unsaved changes', error: 'Not saved' }[state];
  return (
    // Fixed under the portal header: the editor takes the whole width (the navbar is a click away via "All pages").
    <div data-testid="puck-editor" style={{ position: 'fixed', inset: '60px 0 0 0', zIndex: 150, background: '#fff' }}>
      <SiteProvider site={site}>
        <Puck
          config={config}
          data={page.content as Data}
          onChange={onChange}
          onPublish={onPublish}
          headerTitle={`${page.name} · ${client?.name ?? ''}`}
          height="calc(100dvh - 60px)"
          viewports={[
            { width: 390, height: 'auto', label: 'Mobile', icon: 'Smartphone' },
            { width: 768, height: 'auto', label: 'Tablet', icon: 'Tablet' },
            { width: 1280, height: 'auto', label: 'Desktop', icon: 'Monitor' },
          ]}
          overrides={{
            headerActions: () => (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" c={state === 'error' ? 'red.8' : 'dimmed'} data-testid="save-state" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {status}
                </Text>
                <Button component={Link} to={`/harvest/editor/preview/mobile/${encodeURIComponent(page.name)}`} variant="default" size="xs">
                  Preview
                </Button>
                <Button component={Link} to="/harvest/editor" variant="subtle" size="xs">
                  All pages
                </Button>
                <PublishButton onPublish={onPublish} />
              </Group>
            ),
          }}
        />
      </SiteProvider>
    </div>
  );
}

/** A real button (Puck's own publish control is not one): publishes what the editor holds now. */
function PublishButton({ onPublish }: { onPublish: (data: Data) => Promise<void> }) {
  const getPuck = useGetPuck();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onPublish(getPuck().appState.data);
        } finally {
          setBusy(false);
        }
      }}
    >
      Publish
    </Button>
  );
}
