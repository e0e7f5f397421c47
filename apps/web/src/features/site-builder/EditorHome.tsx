import { messages } from '@hh/contract/messages';
import { pageRoutes } from '@hh/contract/site-builder';
import { Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { pageError, usePublished, useTemplate } from './hooks.ts';
import { DesignForm } from './DesignForm.tsx';
import { AddPage, PagesTable } from './PagesTable.tsx';
import { SeoForm } from './SeoForm.tsx';

export default function EditorHome() {
  const { clientId, client } = useSelectedClient();
  const qc = useQueryClient();
  const { template, isLoading, error, refetch } = useTemplate(clientId);
  const published = usePublished(clientId);
  const create = useMutation({
    mutationFn: () => api(pageRoutes.createTemplate, { body: { clientId: clientId ?? '', fromDefaults: ['Home', 'Benefits'] } }),
    // What happened, in words (the reply keeps the spec's combined "created or updated" text).
    onSuccess: () => {
      notify.success(messages.recruiting.templateCreated);
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
